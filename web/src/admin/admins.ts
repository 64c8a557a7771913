import { hasInnerSpace, ONE_ENTRY_MESSAGE, type PrimaryAdmins } from '../../../src/shared/admin-api.js';
import { isPrimaryAdmin, same } from '../../../src/shared/admin-rules.js';

/** One line of the admin list as shown: primary admins are marked and cannot be removed. */
export interface AdminRow {
  value: string;
  primary: boolean;
}

/** The primary admins' email and login that are configured. */
export function primaryValues(primary: PrimaryAdmins): string[] {
  return [primary.email, primary.login].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** True when `value` is one of the primary admins (compared as the server does: without case, or a login's @). */
export function isPrimary(primary: PrimaryAdmins, value: string): boolean {
  return isPrimaryAdmin(value, primary);
}

/** The rows to show: the primary admins first, then the list (an entry repeating a primary is shown once). */
export function adminRows(admins: readonly string[], primary: PrimaryAdmins): AdminRow[] {
  const rows: AdminRow[] = primaryValues(primary).map((value) => ({ value, primary: true }));
  for (const value of admins) {
    if (!rows.some((r) => same(r.value, value))) rows.push({ value, primary: false });
  }
  return rows;
}

/**
 * Checks a value typed into the add-admin field: 'Please enter an email address or GitHub
 * username' when empty, 'This email/username is already an admin' when it repeats a primary
 * admin or a listed one (without case). Null when it can be added.
 */
export function checkNewAdmin(value: string, admins: readonly string[], primary: PrimaryAdmins): string | null {
  const v = value.trim();
  if (!v) return 'Please enter an email address or GitHub username';
  if (v.length > 320) return 'An admin entry must be at most 320 characters';
  if (hasInnerSpace(v)) return ONE_ENTRY_MESSAGE;
  if (isPrimary(primary, v) || admins.some((a) => same(a, v))) return 'This email/username is already an admin';
  return null;
}
