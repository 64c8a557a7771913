import { runGit } from './run-git.js';

/** A name and email as git writes a contact: `Name <email>`. */
export interface Contact {
  name: string;
  email: string;
}

const CONTACT_LINE = /^(.*?) ?<([^<>]*)>$/;
const LINE_BREAK = /[\r\n]/;

/**
 * Maps contacts through the repository's mailmap (`.mailmap`, `mailmap.file`, `mailmap.blob`)
 * with `git check-mailmap`: git's own mapping, the one `git log --use-mailmap` applies to
 * authors, so a co-author and an author with the same canonical identity come out the same.
 * The result is in the order given; a contact git cannot map comes back as it was. All of them
 * go to one process, a line each on its stdin: as arguments, 200 at most to keep the command line
 * short, a 60,000-commit history's refresh took 23 processes for its 8 batches of commits.
 */
export async function mailmapContacts(repo: string, contacts: readonly Contact[]): Promise<Contact[]> {
  // A line break would split a contact in two lines and shift every answer after it. Co-author
  // trailers never hold one (they are split at line breaks): this only keeps the answers aligned.
  const asked = contacts.filter((c) => !LINE_BREAK.test(c.name) && !LINE_BREAK.test(c.email));
  if (asked.length === 0) return [...contacts];
  const { stdout } = await runGit(repo, ['check-mailmap', '--stdin'], { input: asked.map((c) => `${c.name} <${c.email}>\n`).join('') });
  const lines = stdout.split('\n');
  const mapped = new Map<Contact, Contact>();
  asked.forEach((contact, j) => {
    const m = CONTACT_LINE.exec(lines[j] ?? '');
    mapped.set(contact, m ? { name: (m[1] as string) || contact.name, email: m[2] as string } : contact);
  });
  return contacts.map((c) => mapped.get(c) ?? c);
}
