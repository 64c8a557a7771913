/**
 * Whether `token` has a character GitHub tokens never have. They (ghp_..., github_pat_..., 40 hex
 * digits) are printable ASCII without spaces; a paste from a chat or a document can bring a
 * zero-width space, a curly quote or an ellipsis, and a file read into a variable a second line.
 * None can be sent in a header: the request then fails, as if GitHub were unreachable, with an
 * error that holds the whole token.
 */
export function hasForeignCharacter(token: string): boolean {
  return !/^[\x21-\x7e]*$/.test(token);
}

/** `text` with every occurrence of `secret` replaced, so no message can carry a token on. */
export function withoutSecret(text: string, secret: string): string {
  return secret.length >= 8 ? text.split(secret).join('[token]') : text;
}
