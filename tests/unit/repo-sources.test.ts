import { describe, expect, it } from 'vitest';
import { repoNameOf, sourcesFromFlags, withoutCredentials } from '../../src/core/repos/sources.js';

describe('a repository URL holding a token', () => {
  it('is shown without its user, password, query string or fragment', () => {
    expect(withoutCredentials('https://ci:ghp_SECRET@github.com/acme/api.git')).toBe('https://github.com/acme/api.git');
    expect(withoutCredentials('https://gitlab.example.com/acme/api.git?private_token=SECRET#top')).toBe('https://gitlab.example.com/acme/api.git');
    expect(withoutCredentials('git@github.com:acme/api.git')).toBe('git@github.com:acme/api.git');
  });

  it('is named by its path, not its query string', () => {
    expect(repoNameOf('https://github.com/acme/api?token=SECRET')).toBe('api');
    expect(repoNameOf('https://github.com/acme/api.git#main')).toBe('api');
    expect(sourcesFromFlags(['https://github.com/acme/api?token=SECRET', '../web'], null, '/work')).toMatchObject([{ name: 'api' }, { name: 'web' }]);
  });
});
