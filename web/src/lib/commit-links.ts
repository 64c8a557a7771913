import { createContext, useContext } from 'react';

/** Remote URL of each repository of a board of several, by name; empty for a board of one. */
export const RepositoriesContext = createContext<ReadonlyMap<string, string | null>>(new Map());

/** The repositories of the board, by name (empty for a board of one repository). */
export function useRepositories(): ReadonlyMap<string, string | null> {
  return useContext(RepositoriesContext);
}

// https://host/path, ssh://user@host/path, or scp-like user@host:path.
const REMOTE = /^(?:https?:\/\/(?:[^@/]+@)?|ssh:\/\/(?:[^@/]+@)?|[\w.-]+@)(github\.com|gitlab\.com)[:/](.+?)(?:\.git)?\/?$/i;

/**
 * The web page of a commit when its repository's remote is on GitHub or GitLab
 * (`https://github.com/org/name/commit/<hash>`); null for any other host or no remote.
 */
export function commitUrl(remote: string | null | undefined, hash: string): string | null {
  if (!remote || !/^[0-9a-f]{7,64}$/i.test(hash)) return null;
  const m = REMOTE.exec(remote.trim());
  if (!m) return null;
  const host = (m[1] as string).toLowerCase();
  const project = (m[2] as string).split('/').map(encodeURIComponent).join('/');
  return host === 'github.com' ? `https://github.com/${project}/commit/${hash}` : `https://gitlab.com/${project}/-/commit/${hash}`;
}
