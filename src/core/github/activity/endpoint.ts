/**
 * GitHub's GraphQL endpoint for a REST API URL: `https://api.github.com` -> `.../graphql`;
 * GitHub Enterprise Server `https://HOST/api/v3` -> `https://HOST/api/graphql`; anything else
 * (a loopback emulator, a proxy) serves GraphQL at `<apiUrl>/graphql`.
 */
export function graphqlUrl(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  if (/\/api\/v3$/.test(base)) return base.replace(/\/api\/v3$/, '/api/graphql');
  return `${base}/graphql`;
}
