import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme, THEME_STORAGE_KEY } from '../../../web/src/theme/theme.js';

describe('theme choice', () => {
  it('reads only "light" and "dark" as choices; anything else follows the system', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    for (const raw of [null, '', 'system', 'Dark', '"dark"', 'auto']) expect(parseThemeChoice(raw)).toBe('system');
  });

  it('resolves the system choice from the system preference, and a set choice against it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('shares its storage key with the script that sets the theme before the first paint', async () => {
    const early = await readFile('web/public/theme.js', 'utf8');
    expect(early).toContain(`localStorage.getItem('${THEME_STORAGE_KEY}')`);
  });
});
