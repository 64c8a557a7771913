import { runGit } from './run-git.js';

/** A name and email as git writes a contact: `Name <email>`. */
export interface Contact {
  name: string;
  email: string;
}

// Contacts per `git check-mailmap` call: keeps the command line far below every OS limit.
const BATCH = 200;
const CONTACT_LINE = /^(.*?) ?<([^<>]*)>$/;

/**
 * Maps contacts through the repository's mailmap (`.mailmap`, `mailmap.file`, `mailmap.blob`)
 * with `git check-mailmap`: git's own mapping, the one `git log --use-mailmap` applies to
 * authors, so a co-author and an author with the same canonical identity come out the same.
 * The result is in the order given; a contact git cannot map comes back as it was.
 */
export async function mailmapContacts(repo: string, contacts: readonly Contact[]): Promise<Contact[]> {
  const out: Contact[] = [];
  for (let i = 0; i < contacts.length; i += BATCH) {
    const batch = contacts.slice(i, i + BATCH);
    const args = batch.map((c) => `${c.name} <${c.email}>`);
    const { stdout } = await runGit(repo, ['check-mailmap', '--', ...args]);
    const lines = stdout.split('\n');
    batch.forEach((contact, j) => {
      const m = CONTACT_LINE.exec(lines[j] ?? '');
      out.push(m ? { name: (m[1] as string) || contact.name, email: m[2] as string } : contact);
    });
  }
  return out;
}
