/**
 * What the page shows for a contributor with no name: git imports an author with an empty name
 * and no email (`git fast-import`, or a commit object written by another tool), which the core
 * keeps as the name "", and a hand-made data file may hold one. It is only shown: the name itself
 * stays the key of the entry, the link, the filter and the manual contributions, as in the data.
 */
export const NO_NAME = '(no name)';

/** Whether a name shows nothing: empty, or only spaces of any kind and invisible format characters (a zero-width space). */
export function isBlankName(name: string): boolean {
  return name.replace(/[\s\p{Cf}]/gu, '') === '';
}

/** The name as the page writes it in text (a title, a label, a sentence): {@link NO_NAME} for a blank one. */
export function shownName(name: string): string {
  return isBlankName(name) ? NO_NAME : name;
}

/**
 * Whether a person's email says more than their name: not when the name is that email, as for
 * someone git knows only by it (an author with an email and no name, or a co-author trailer that
 * gives an email alone), who would read it twice.
 */
export function emailAddsToName(name: string, email: string): boolean {
  return email.trim() !== '' && email.trim().toLowerCase() !== name.trim().toLowerCase();
}

/**
 * The board's own spelling of the name a link asks for: the same; the same in composed Unicode (a
 * link typed or pasted in NFC finds a name git stored decomposed, NFD, as macOS writes it, and the
 * other way round); for {@link NO_NAME}, the blank name the page shows so, when nobody is named
 * that. Else the name as asked.
 */
export function nameInBoard(names: readonly string[], asked: string): string {
  if (names.includes(asked)) return asked;
  const composed = asked.normalize('NFC');
  const same = names.find((n) => n.normalize('NFC') === composed);
  if (same !== undefined) return same;
  return asked === NO_NAME ? (names.find(isBlankName) ?? asked) : asked;
}
