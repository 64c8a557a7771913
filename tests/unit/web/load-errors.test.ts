import { describe, expect, it } from 'vitest';
import { failedModuleFile, isModuleLoadError } from '../../../web/src/lib/load-errors.js';

describe('isModuleLoadError', () => {
  it('knows each browser\'s words for a module that could not be fetched', () => {
    expect(isModuleLoadError(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:4000/assets/StandingCanvas-C_RizLjl.js'))).toBe(true);
    expect(isModuleLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isModuleLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadError(new Error('Unable to preload CSS for /assets/TrendsCanvas-abc.css'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isModuleLoadError(new Error('Cannot read properties of undefined (reading \'name\')'))).toBe(false);
    expect(isModuleLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('failedModuleFile', () => {
  it('names the file of the address in the message', () => {
    expect(failedModuleFile(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:4000/assets/StandingCanvas-C_RizLjl.js'))).toBe('StandingCanvas-C_RizLjl.js');
    expect(failedModuleFile(new Error('Unable to preload CSS for /assets/TrendsCanvas-abc.css'))).toBe('TrendsCanvas-abc.css');
    expect(failedModuleFile(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});
