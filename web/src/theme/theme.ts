/**
 * The colour theme. The visitor's choice (light, dark, or the system's) is kept in localStorage;
 * the theme in force is the `data-theme` attribute of <html>, which theme.css reads. public/theme.js
 * sets it before the first paint (same key, same rule); this module changes it afterwards.
 */
import { afterPaint } from '../hooks/use-after-paint.js';

/** Where the choice is kept; no entry means "follow the system". Also read by public/theme.js. */
export const THEME_STORAGE_KEY = 'leaderboard:theme';

/** What the visitor picked. */
export type ThemeChoice = 'light' | 'dark' | 'system';
/** What the page shows. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** A stored value as a choice; anything but 'light' or 'dark' (or no value) means the system's. */
export function parseThemeChoice(raw: string | null): ThemeChoice {
  return raw === 'light' || raw === 'dark' ? raw : 'system';
}

/** The theme a choice gives while the system prefers dark (or not). */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** The stored choice; the system's when storage is empty or disabled. */
export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Keeps the choice (removing the entry for the system's) and shows it. */
export function storeThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // storage full or disabled: the choice holds for this visit only
  }
  applyThemeChoice(choice);
}

/**
 * Sets <html data-theme> for a choice. The colours change at once: their transitions (every
 * button's, every ranking row's) are off until the new theme is painted. Each would otherwise
 * fade on the page's own thread, styled and painted again in every frame for 150 ms: on a board
 * showing 300 rows that kept the page busy after the click.
 */
export function applyThemeChoice(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, window.matchMedia(SYSTEM_DARK).matches);
  const root = document.documentElement;
  if (root.dataset.theme === theme) return;
  root.classList.add('theme-switching');
  root.dataset.theme = theme;
  afterPaint(() => root.classList.remove('theme-switching'));
}

/** The theme the page shows now. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Calls `onChange` whenever the page's theme changes (whoever changed it). */
export function onThemeChange(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/**
 * Keeps the theme in step for the life of the page: with the system's preference while the
 * choice is the system's, and with a choice made in another tab. Called once, at startup.
 */
export function followThemeChanges(): void {
  const reapply = () => applyThemeChoice(readThemeChoice());
  reapply(); // in case theme.js did not run (a page saved without it): never leave the attribute unset
  // The listeners wait for the first paint: Chromium answers a first 'storage' listener by asking
  // its browser process for the storage area, a wait of 10 ms to over 100 ms on a busy machine
  // before anything was shown. Nothing can change the choice before then.
  afterPaint(() => {
    window.matchMedia(SYSTEM_DARK).addEventListener('change', reapply);
    window.addEventListener('storage', (e) => {
      if (e.key === THEME_STORAGE_KEY || e.key === null) reapply();
    });
    reapply(); // a change made meanwhile
  });
}
