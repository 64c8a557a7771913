import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { currentTheme, onThemeChange, readThemeChoice, storeThemeChoice, THEME_STORAGE_KEY, type Theme, type ThemeChoice } from './theme.js';

/** The theme the page shows, re-rendering when it changes (for what CSS cannot colour: the chart). */
export function useTheme(): Theme {
  return useSyncExternalStore(onThemeChange, currentTheme);
}

/** The visitor's theme choice and its setter (kept in localStorage, followed across tabs). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoiceState] = useState<ThemeChoice>(readThemeChoice);
  const setChoice = useCallback((next: ThemeChoice) => {
    storeThemeChoice(next);
    setChoiceState(next);
  }, []);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === THEME_STORAGE_KEY || e.key === null) setChoiceState(readThemeChoice());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return [choice, setChoice];
}
