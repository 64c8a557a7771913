/** Host names that always mean this machine's loopback interface (lower case, IPv6 in brackets). */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];
