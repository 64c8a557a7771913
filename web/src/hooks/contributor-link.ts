import { createContext, useContext, type MouseEvent } from 'react';

/** How a contributor's name links to their page: the address, and opening it in place. */
export interface ContributorLink {
  href: (name: string) => string;
  open: (name: string) => void;
}

/** Provided by the dashboard; without it names are plain text. */
export const ContributorLinkContext = createContext<ContributorLink | null>(null);

export function useContributorLink(): ContributorLink | null {
  return useContext(ContributorLinkContext);
}

/**
 * A plain left click opens the page in place (history.pushState); a click with a modifier or
 * another button keeps the browser's own handling (a new tab or window).
 */
export function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
