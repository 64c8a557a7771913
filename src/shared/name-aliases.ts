/**
 * The names `identities` (leaderboard.config.json) gives a person beside their canonical one. A
 * new manual contribution under one is refused by the CLI and `serve`, with the same words; one
 * the file holds already counts for the person (manualUnderIdentities). A published site does not
 * hold them: it is public, and another name of someone may be a former one they do not show.
 */

/** The config's identities: canonical name -> aliases (names, emails, `@login`s). */
export type Identities = Readonly<Record<string, readonly string[]>>;

/** An alias that is a name, not an email address nor a GitHub `@login`. */
export const isNameAlias = (alias: string): boolean => !alias.includes('@');

/** The person `identities` makes `name` another name of, or null. */
export function identityOwner(name: string, identities: Identities): string | null {
  const nfc = name.normalize('NFC');
  for (const [canonical, aliases] of Object.entries(identities)) {
    if (canonical.normalize('NFC') !== nfc && aliases.some((a) => isNameAlias(a) && a.normalize('NFC') === nfc)) return canonical;
  }
  return null;
}

/** Why a contribution under `name`, another name of `canonical`, is refused. */
export const aliasRefusal = (name: string, canonical: string): string =>
  `"${name}" is another name of "${canonical}" (identities in leaderboard.config.json): a contribution under it would be a second person.`;
