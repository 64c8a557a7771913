/**
 * Every package npm installs here admits the Node versions this package says it runs on: one that
 * declares a newer Node (content-type 3 under Octokit, @axe-core/playwright 4.14 said 22) made
 * `npm install` warn "EBADENGINE Unsupported engine" on a supported Node 20.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry { engines?: { node?: unknown } | unknown[]; optional?: boolean }
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

describe('Node versions', () => {
  it('every locked package admits the oldest Node package.json allows and the one running', () => {
    const oldest = semver.minVersion(pkg.engines.node)?.version ?? '';
    expect(oldest).toBe('20.19.0');
    const versions = [oldest, process.versions.node];
    const narrower: string[] = [];
    let checked = 0;
    for (const [where, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // Some packages write something npm does not read as a range (`true`, an object): npm ignores those too.
      if (!where || typeof node !== 'string' || semver.validRange(node) === null) continue;
      checked++;
      const refused = versions.filter((v) => !semver.satisfies(v, node));
      if (refused.length > 0) narrower.push(`${where.replace(/^.*node_modules\//, '')} wants node ${node}, not ${refused.join(' or ')}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(narrower).toEqual([]);
  });
});
