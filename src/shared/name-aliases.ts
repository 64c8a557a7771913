/**
 * The names `identities` (leaderboard.config.json) gives a person beside their canonical one. An
 * alias names commits only: a manual contribution under it was a second person beside them, so
 * the CLI, `serve` and the published page all refuse one, with the same words.
 */

/** The config's identities, or the names of them a published site holds: canonical name -> aliases. */
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

/**
 * What a published site may show of `identities`: the name aliases of people with a name (never
 * an email address, nor a login), only for those who have any. The site is public.
 */
export function publicNameAliases(identities: Identities): Record<string, string[]> {
  return Object.fromEntries(Object.entries(identities).flatMap(([canonical, aliases]) => {
    const names = aliases.filter(isNameAlias);
    return isNameAlias(canonical) && names.length > 0 ? [[canonical, names]] : [];
  }));
}
