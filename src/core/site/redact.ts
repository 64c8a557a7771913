/** Text that looks like an email address, in any script (`\w` alone let josé@exämple.com through). */
const EMAIL = /[\p{L}\p{N}\p{M}_.!#$%&'*+/=?^`{|}~-]+@[\p{L}\p{N}\p{M}_-]+(?:\.[\p{L}\p{N}\p{M}_-]+)+/gu;
/** GitHub's `ID+login@users.noreply.github.com` (or `login@...`): stands for the login. */
const NOREPLY = /^(?:\d+\+)?([\w-]+)@users\.noreply\.github\.com$/i;

/** What stands in a published page for an email address that is not a GitHub noreply one (the first; see {@link emailHider}). */
export const HIDDEN_EMAIL = '[email hidden]';

/** Replaces one email-like text: a noreply address by its login, any other by its stand-in. */
export type EmailHider = (address: string) => string;

/**
 * A hider that gives each distinct address (in any case) its own stand-in, in the order met:
 * `[email hidden]`, then `[email hidden 2]`, `[email hidden 3]`... Two people whose names were
 * addresses (a git user.name set to one, a co-author given by address alone) were one
 * `[email hidden]` on the page, which keys people by name: one row's link opened the other's
 * page. One hider serves every file of a site, so a person has one stand-in in all of them.
 */
export function emailHider(): EmailHider {
  const standIns = new Map<string, string>();
  return (address) => {
    const login = NOREPLY.exec(address)?.[1];
    if (login !== undefined) return login;
    const key = address.toLowerCase();
    let standIn = standIns.get(key);
    if (standIn === undefined) standIns.set(key, (standIn = standIns.size === 0 ? HIDDEN_EMAIL : `[email hidden ${standIns.size + 1}]`));
    return standIn;
  };
}

/**
 * A copy of a data file fit for a public page: every `email` field, every value of the
 * `emails` table (schema_version 3) and the email of each row of the `people` table
 * (schema_version 4) is emptied, or becomes the person's GitHub login where the board knows it
 * (boards with review data) or that of a noreply address; any other email-like text (a commit
 * subject, who set an override, a name, which the `emails` table and
 * `metadata.repositoryShares` have as keys) is replaced by the login or a stand-in of `hide`
 * (one per distinct address, see {@link emailHider}).
 */
export function withoutEmails(value: unknown, hide: EmailHider = emailHider()): unknown {
  const hidden = (v: unknown): unknown => withoutEmails(v, hide);
  if (typeof value === 'string') return value.replace(EMAIL, hide);
  if (Array.isArray(value)) return value.map(hidden);
  if (value === null || typeof value !== 'object') return value;
  // As entries, so that a key such as a contributor named `__proto__` stays a key.
  return Object.fromEntries(Object.entries(value).map(([key, field]): [string, unknown] => {
    if (key === 'repositories' && Array.isArray(field)) return [key, field.map((r) => keepRemote(r, hide))];
    if (key === 'people' && Array.isArray(field)) return [key, field.map((r) => personRow(r, hide))];
    if (key === 'emails' && isTable(field)) return [key, emailTable(field, isTable((value as Record<string, unknown>).logins) ? (value as Record<string, unknown>).logins as Record<string, unknown> : {}, hide)];
    if (key === 'email' && typeof field === 'string') return [key, publicEmail(field)];
    return [hidden(key) as string, hidden(field)];
  }));
}

const publicEmail = (email: string): string => NOREPLY.exec(email)?.[1] ?? '';

const isTable = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

// Names are hidden as the entries' names are, so they still find their email. Two names that
// become one (the same address in two cases) keep the first one's email.
// A contributor whose GitHub login the board knows (`logins`, boards with review data) shows it.
function emailTable(table: Record<string, unknown>, logins: Record<string, unknown>, hide: EmailHider): Record<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, email] of Object.entries(table)) {
    const key = withoutEmails(name, hide) as string;
    const login = Object.hasOwn(logins, name) && typeof logins[name] === 'string' ? logins[name] : null;
    if (!out.has(key)) out.set(key, login ?? (typeof email === 'string' ? publicEmail(email) : withoutEmails(email, hide)));
  }
  // A reviewer with a login and no commit email has no row: they get one with their login.
  for (const [name, login] of Object.entries(logins)) {
    const key = withoutEmails(name, hide) as string;
    if (!out.has(key) && typeof login === 'string') out.set(key, login);
  }
  return Object.fromEntries(out);
}

// A row of schema_version 4's `people`: [name, email] or [name, email, login]. The name is hidden
// as any text is; the email becomes the login, as in the `emails` table of schema_version 3.
function personRow(row: unknown, hide: EmailHider): unknown {
  if (!Array.isArray(row)) return withoutEmails(row, hide);
  const [name, email, ...rest] = row as unknown[];
  const login = typeof rest[0] === 'string' ? rest[0] : null;
  return [withoutEmails(name, hide), login ?? (typeof email === 'string' ? publicEmail(email) : withoutEmails(email, hide)), ...rest.map((v) => withoutEmails(v, hide))];
}

// A remote like `git@github.com:org/name.git` is an address, not a person's email: the page
// needs it whole to link commits (credentials were removed when it was written).
function keepRemote(repository: unknown, hide: EmailHider): unknown {
  if (repository === null || typeof repository !== 'object' || Array.isArray(repository)) return withoutEmails(repository, hide);
  const { url, ...rest } = repository as Record<string, unknown>;
  return { ...(withoutEmails(rest, hide) as Record<string, unknown>), url };
}
