/** The localStorage key under which earlier versions of a published site's page kept the admin token. */
const OLD_TOKEN_KEY = 'leaderboard:admin-token';

/**
 * On a published site, removes the admin token an older version of the page kept in localStorage,
 * where every page of the origin (every project site of the owner on GitHub Pages) could read it.
 * It is not used: the admin signs in again, and the token stays in the page's memory.
 */
export function forgetSharedOriginToken(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(OLD_TOKEN_KEY);
  } catch {
    // storage disabled: nothing was kept there
  }
}
