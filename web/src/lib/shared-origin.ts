/**
 * The localStorage key under which earlier versions of a published site's page kept the admin
 * token: one key for every board of the origin.
 */
const OLD_TOKEN_KEY = 'leaderboard:admin-token';

/**
 * One board's localStorage key for `name`. `serve`'s page keeps `name` itself (its origin is its
 * own). A published site adds its path: GitHub Pages serves every project site of an owner from
 * one origin (owner.github.io/a/, owner.github.io/b/), whose boards would otherwise share their
 * sign-in, Logout and hidden names.
 */
export function boardStorageKey(name: string, published: boolean, pathname: string): string {
  if (!published) return name;
  return `${name}:${pathname.replace(/[^/]*$/, '')}`;
}

/**
 * On a published site, removes the admin token an older version of the page kept under the
 * origin's one key. It is not used: any board of the origin may have written it, and which one
 * cannot be known, so the admin signs in again and the token is then kept under this board's key.
 */
export function forgetSharedOriginToken(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(OLD_TOKEN_KEY);
  } catch {
    // storage disabled: nothing was kept there
  }
}
