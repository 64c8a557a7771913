import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { boardName } from '../../src/core/metadata.js';

describe("a board's name on the page", () => {
  const plain = defaultConfig();

  it('is the checkout whose config lists the repositories, for the whole board or a part of it', () => {
    const config = { ...plain, repositories: [{ name: 'api', url: 'https://github.com/acme/api.git' }, { path: '../web' }] };
    expect(boardName('/src/org-board', config, ['web', 'api'])).toBe('org-board');
    expect(boardName('/src/org-board', config, ['api'])).toBe('org-board');
    // Repositories the config does not list are another board, named after them.
    expect(boardName('/src/org-board', config, ['api', 'docs'])).toBe('api, docs');
  });

  it('is its one repository, else their names in name order, the rest counted past three', () => {
    expect(boardName('/src/app', plain, ['app'])).toBe('app');
    expect(boardName('/tmp', plain, ['gadgets'])).toBe('gadgets');
    expect(boardName('/src/r2', plain, ['r2', 'r1'])).toBe('r1, r2');
    expect(boardName('/tmp', plain, ['e', 'd', 'c', 'b', 'a'])).toBe('a, b, c and 2 more');
  });
});
