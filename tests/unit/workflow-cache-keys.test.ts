import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { githubActionsWorkflow } from '../../src/core/workflow/github-actions.js';

interface Step { uses?: string; with?: Record<string, string> }

describe('the matrix workflow\'s cache of each part', () => {
  it('restores a repository\'s own part only, also beside a repository whose name starts with its name', () => {
    const names = ['api', 'api-v2', 'api.v3', 'web'];
    const yaml = parse(githubActionsWorkflow({ schedule: '17 4 * * *', packageSpec: 'x', branch: 'main', cachedFiles: [], aiProvider: 'none', repositories: names })) as { jobs: { refresh: { steps: Step[] } } };
    const cache = yaml.jobs.refresh.steps.find((s) => s.uses?.startsWith('actions/cache@'));
    // actions/cache restores the newest key that starts with a restore key.
    const keyOf = (name: string, run: string) => String(cache?.with?.key).replace('${{ matrix.repo }}', name).replace('${{ github.run_id }}', run);
    const restoreOf = (name: string) => String(cache?.with?.['restore-keys']).replace('${{ matrix.repo }}', name);
    for (const name of names) {
      const restored = names.filter((other) => keyOf(other, '123').startsWith(restoreOf(name)));
      expect(restored, name).toEqual([name]);
    }
  });
});
