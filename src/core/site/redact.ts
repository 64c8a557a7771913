/** Text that looks like an email address, in any script (`\w` alone let josé@exämple.com through). */
const EMAIL = /[\p{L}\p{N}\p{M}_.!#$%&'*+/=?^`{|}~-]+@[\p{L}\p{N}\p{M}_-]+(?:\.[\p{L}\p{N}\p{M}_-]+)+/gu;
/** GitHub's `ID+login@users.noreply.github.com` (or `login@...`): stands for the login. */
const NOREPLY = /^(?:\d+\+)?([\w-]+)@users\.noreply\.github\.com$/i;

/** What stands in a published page for an email address that is not a GitHub noreply one. */
export const HIDDEN_EMAIL = '[email hidden]';

/**
 * A copy of a data file fit for a public page: every `email` field, every value of the
 * `emails` table (schema_version 3) and the email of each row of the `people` table
 * (schema_version 4) is emptied, or becomes the person's GitHub login where the board knows it
 * (boards with review data) or that of a noreply address; any other email-like text (a commit
 * subject, who set an override, a name, which the `emails` table and
 * `metadata.repositoryShares` have as keys) is replaced by the login or {@link HIDDEN_EMAIL}.
 */
export function withoutEmails(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, (address) => NOREPLY.exec(address)?.[1] ?? HIDDEN_EMAIL);
  if (Array.isArray(value)) return value.map(withoutEmails);
  if (value === null || typeof value !== 'object') return value;
  // As entries, so that a key such as a contributor named `__proto__` stays a key.
  return Object.fromEntries(Object.entries(value).map(([key, field]): [string, unknown] => {
    if (key === 'repositories' && Array.isArray(field)) return [key, field.map(keepRemote)];
    if (key === 'people' && Array.isArray(field)) return [key, field.map(personRow)];
    if (key === 'emails' && isTable(field)) return [key, emailTable(field, isTable((value as Record<string, unknown>).logins) ? (value as Record<string, unknown>).logins as Record<string, unknown> : {})];
    if (key === 'email' && typeof field === 'string') return [key, publicEmail(field)];
    return [withoutEmails(key) as string, withoutEmails(field)];
  }));
}

const publicEmail = (email: string): string => NOREPLY.exec(email)?.[1] ?? '';

const isTable = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

// Names are hidden as the entries' names are, so they still find their email. Two names that
// become one (both hid an address) keep the first one's email.
// A contributor whose GitHub login the board knows (`logins`, boards with review data) shows it.
function emailTable(table: Record<string, unknown>, logins: Record<string, unknown>): Record<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, email] of Object.entries(table)) {
    const key = withoutEmails(name) as string;
    const login = Object.hasOwn(logins, name) && typeof logins[name] === 'string' ? logins[name] : null;
    if (!out.has(key)) out.set(key, login ?? (typeof email === 'string' ? publicEmail(email) : withoutEmails(email)));
  }
  // A reviewer with a login and no commit email has no row: they get one with their login.
  for (const [name, login] of Object.entries(logins)) {
    const key = withoutEmails(name) as string;
    if (!out.has(key) && typeof login === 'string') out.set(key, login);
  }
  return Object.fromEntries(out);
}

// A row of schema_version 4's `people`: [name, email] or [name, email, login]. The name is hidden
// as any text is; the email becomes the login, as in the `emails` table of schema_version 3.
function personRow(row: unknown): unknown {
  if (!Array.isArray(row)) return withoutEmails(row);
  const [name, email, ...rest] = row as unknown[];
  const login = typeof rest[0] === 'string' ? rest[0] : null;
  return [withoutEmails(name), login ?? (typeof email === 'string' ? publicEmail(email) : withoutEmails(email)), ...rest.map(withoutEmails)];
}

// A remote like `git@github.com:org/name.git` is an address, not a person's email: the page
// needs it whole to link commits (credentials were removed when it was written).
function keepRemote(repository: unknown): unknown {
  if (repository === null || typeof repository !== 'object' || Array.isArray(repository)) return withoutEmails(repository);
  const { url, ...rest } = repository as Record<string, unknown>;
  return { ...(withoutEmails(rest) as Record<string, unknown>), url };
}
