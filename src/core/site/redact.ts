/** Text that looks like an email address. */
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** GitHub's `ID+login@users.noreply.github.com` (or `login@...`): stands for the login. */
const NOREPLY = /^(?:\d+\+)?([\w-]+)@users\.noreply\.github\.com$/i;

/** What stands in a published page for an email address that is not a GitHub noreply one. */
export const HIDDEN_EMAIL = '[email hidden]';

/**
 * A copy of a data file fit for a public page: every `email` field is emptied, or becomes the
 * GitHub login of a noreply address; any other email-like text (a commit subject, who set an
 * override) is replaced by the login or {@link HIDDEN_EMAIL}.
 */
export function withoutEmails(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, (address) => NOREPLY.exec(address)?.[1] ?? HIDDEN_EMAIL);
  if (Array.isArray(value)) return value.map(withoutEmails);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'repositories' && Array.isArray(field)) out[key] = field.map(keepRemote);
    else out[key] = key === 'email' && typeof field === 'string' ? (NOREPLY.exec(field)?.[1] ?? '') : withoutEmails(field);
  }
  return out;
}

// A remote like `git@github.com:org/name.git` is an address, not a person's email: the page
// needs it whole to link commits (credentials were removed when it was written).
function keepRemote(repository: unknown): unknown {
  if (repository === null || typeof repository !== 'object' || Array.isArray(repository)) return withoutEmails(repository);
  const { url, ...rest } = repository as Record<string, unknown>;
  return { ...(withoutEmails(rest) as Record<string, unknown>), url };
}
