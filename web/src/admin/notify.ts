import type { BannerType } from '../components/StatusBanner.js';

/** The panel's status banner: info while something runs, then success or error. */
export interface Banner {
  type: BannerType;
  message: string;
  hint?: string | undefined;
  /** A page that says more, e.g. a workflow run's. */
  link?: { href: string; label: string } | undefined;
}

/** Shows a banner (replacing the current one). */
export type Notify = (banner: Banner) => void;

/** Asks the user to confirm a destructive or slow action. */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}
