import { describe, expect, it } from 'vitest';
import { configFileSchema } from '../../src/core/config.js';
import { applyIdentities, noreplyLogin } from '../../src/core/identity/identities.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { commitUrl } from '../../web/src/lib/commit-links.js';

let n = 0;
function commit(author: string, email: string, co: { name: string; email: string }[] = []): ScoredCommit {
  n += 1;
  return {
    hash: n.toString(16).padStart(40, '0'), author, email, date: '2025-01-01T00:00:00.000Z', subject: 's', breaking: false,
    stats: { files: 1, insertions: 1, deletions: 0, excluded_files: 0, excluded_lines: 0 },
    scores: { loc: 3, files: 5, keyword: 12, ai: 5, ai_source: 'heuristic' }, total: 25,
    ...(co.length ? { co_authors: co } : {}),
  };
}

describe('identities', () => {
  it('reads the login of both forms of GitHub noreply address, and nothing else', () => {
    expect(noreplyLogin('123+Octo-Cat@users.noreply.github.com')).toBe('octo-cat');
    expect(noreplyLogin('octo-cat@users.noreply.github.com')).toBe('octo-cat');
    expect(noreplyLogin('octo@example.com')).toBeNull();
    expect(noreplyLogin('x@users.noreply.github.com.evil.example')).toBeNull();
  });

  it('matches a name alias whatever its Unicode form: one typed composed catches a name git stored decomposed (macOS)', () => {
    const merged = applyIdentities([commit('José Nuñez'.normalize('NFD'), 'jn@example.com'), commit('Jose N.', 'jose@example.com')], { 'Jose N.': ['José Nuñez'] });
    expect(merged.map((c) => c.author)).toEqual(['Jose N.', 'Jose N.']);
  });

  it('refuses an alias listed for two people, and a person listed as another\'s alias (the last one listed silently won)', () => {
    const problems = (identities: Record<string, string[]>) => {
      const r = configFileSchema.safeParse({ identities });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(problems({ 'Ann Example': ['ann'], Annie: ['ann', 'Cy'] })).toEqual(['identities.Annie: "ann" is listed for both "Ann Example" and "Annie": list it under one of them']);
    expect(problems({ 'Ann Example': ['ann@x.org'], Annie: ['ANN@x.org'] })).toHaveLength(1);
    expect(problems({ 'Ann Example': ['ann'], ann: ['Cy'] })).toEqual(['identities.ann: "ann" is also listed as another name of "Ann Example": list its names under "Ann Example" instead']);
    // One person's own name among their aliases, and aliases apart: fine.
    expect(problems({ 'Ann Example': ['Ann Example', 'ann'], Bo: ['bo@x.org', '@bo'] })).toEqual([]);
  });

  it('names a login as most of its commits do, whatever their order', () => {
    const commits = [
      commit('octo', 'octo@users.noreply.github.com'),
      commit('Octo Cat', '1+octo@users.noreply.github.com'),
      commit('Octo Cat', '1+octo@users.noreply.github.com'),
    ];
    const names = (cs: ScoredCommit[]) => applyIdentities(cs, {}).map((c) => c.author);
    expect(names(commits)).toEqual(['Octo Cat', 'Octo Cat', 'Octo Cat']);
    expect(names([...commits].reverse())).toEqual(['Octo Cat', 'Octo Cat', 'Octo Cat']);
  });

  it('merges configured aliases, names and emails in any case, for authors and co-authors', () => {
    const out = applyIdentities([
      commit('Danny', 'danny@example.com'),
      commit('Someone', 'DAN@Old.Example'),
      commit('Eve', 'eve@example.com', [{ name: 'Danny', email: 'd@example.com' }]),
      commit('Eve', 'eve@example.com'),
    ], { 'Dan Canon': ['Danny', 'dan@old.example'] });
    expect(out.map((c) => c.author)).toEqual(['Dan Canon', 'Dan Canon', 'Eve', 'Eve']);
    expect(out[2]?.co_authors).toEqual([{ name: 'Dan Canon', email: 'd@example.com' }]);
  });

  it('names a login by identities when they name one of its addresses, not only one of its names', () => {
    const commits = [
      commit('Octavia', 'octo@users.noreply.github.com'),
      commit('octo', '123+octo@users.noreply.github.com'),
      commit('octo', '123+octo@users.noreply.github.com'),
    ];
    const identities = { 'Octo Cat': ['octo@users.noreply.github.com'] };
    for (const order of [commits, [...commits].reverse()]) {
      // Twice, as a board is built: applied again to named commits, the names hold.
      const once = applyIdentities(order, identities);
      expect(once.map((c) => c.author)).toEqual(['Octo Cat', 'Octo Cat', 'Octo Cat']);
      expect(applyIdentities(once, {}).map((c) => c.author)).toEqual(['Octo Cat', 'Octo Cat', 'Octo Cat']);
    }
  });

  it('names a co-author given by email alone as that email\'s commits name them, never by the email', () => {
    const dee = '123+dee@users.noreply.github.com';
    const bo = (co: string) => commit('Bo', 'bo@example.com', [{ name: co, email: co }]);
    // Three trailers with only the address against two commits of her own, and a tie of one each.
    for (const commits of [[commit('Dee Lee', dee), commit('Dee Lee', dee), bo(dee), bo(dee), bo(dee)], [commit('Dee', dee), bo(dee)]]) {
      const out = applyIdentities(commits, {});
      const name = commits[0]?.author;
      expect(out.map((c) => c.author)).toEqual(commits.map((c) => c.author));
      expect(out.flatMap((c) => c.co_authors ?? []).map((co) => co.name)).toEqual(commits.slice(commits.length === 2 ? 1 : 2).map(() => name));
    }
    // Any address, not only a noreply one; an address nobody names stays as it is.
    const out = applyIdentities([commit('Alice Doe', 'alice@corp.example'), bo('Alice@Corp.example'), bo('zed@other.example')], {});
    expect(out.flatMap((c) => c.co_authors ?? []).map((co) => co.name)).toEqual(['Alice Doe', 'zed@other.example']);
  });

  it('gives an author with neither name nor email to nobody else: no email ties them to people with none either', () => {
    // git fast-import takes `Alice <>`, `Zoe <>` and `<>` (imports from other version control do).
    const out = applyIdentities([commit('Alice', ''), commit('Zoe', ''), commit('', '')], {});
    expect(out.map((c) => c.author)).toEqual(['Alice', 'Zoe', '']);
  });

  it('names a nameless author by their email (git can import one), so two of them stay two people', () => {
    const out = applyIdentities([commit('', 'p1@x.org'), commit('', 'p2@x.org'), commit('Pat', 'p3@x.org'), commit('', 'p3@x.org')], {});
    expect(out.map((c) => c.author)).toEqual(['p1@x.org', 'p2@x.org', 'Pat', 'Pat']);
  });

  it('names people composed (NFC): a name git stored decomposed, as macOS writes it, is the same person', () => {
    const out = applyIdentities([commit('Zoë', 'z@example.com'), commit('Zoë'.normalize('NFD'), 'z@mac.example', [{ name: 'José'.normalize('NFD'), email: 'j@example.com' }])], {});
    expect(out.map((c) => c.author)).toEqual(['Zoë', 'Zoë']);
    expect(out[1]?.co_authors?.[0]?.name).toBe('José');
  });

  it('keeps the same objects when nobody is renamed', () => {
    const commits = [commit('Ann', 'ann@example.com')];
    expect(applyIdentities(commits, {})[0]).toBe(commits[0]);
  });
});

describe('commit links', () => {
  const hash = 'a'.repeat(40);
  it('links GitHub and GitLab remotes in their usual forms', () => {
    expect(commitUrl('https://github.com/org/name.git', hash)).toBe(`https://github.com/org/name/commit/${hash}`);
    expect(commitUrl('git@github.com:org/name.git', hash)).toBe(`https://github.com/org/name/commit/${hash}`);
    expect(commitUrl('ssh://git@github.com/org/name', hash)).toBe(`https://github.com/org/name/commit/${hash}`);
    expect(commitUrl('https://gitlab.com/group/sub/name.git', hash)).toBe(`https://gitlab.com/group/sub/name/-/commit/${hash}`);
  });

  it('links nothing for other hosts, no remote or a malformed hash', () => {
    expect(commitUrl('https://git.example.org/org/name.git', hash)).toBeNull();
    expect(commitUrl('file:///tmp/repo', hash)).toBeNull();
    expect(commitUrl(null, hash)).toBeNull();
    expect(commitUrl('https://github.com/org/name', 'not a hash')).toBeNull();
    expect(commitUrl('https://github.com.evil.example/org/name', hash)).toBeNull();
  });
});

describe('a published board', () => {
  it('keeps the repositories\' remotes whole while it hides emails', async () => {
    const { withoutEmails } = await import('../../src/core/site/redact.js');
    const out = withoutEmails({
      metadata: { repositories: [{ name: 'api', url: 'git@github.com:org/api.git', head: null, commits: 1 }] },
      commits: [{ message: 'fix: thanks to ann@example.com' }],
    }) as { metadata: { repositories: { url: string }[] }; commits: { message: string }[] };
    expect(out.metadata.repositories[0]?.url).toBe('git@github.com:org/api.git');
    expect(out.commits[0]?.message).toBe('fix: thanks to [email hidden]');
  });

  it('empties the emails table as it does every email field, and hides names that are addresses wherever they are keys', async () => {
    const { withoutEmails } = await import('../../src/core/site/redact.js');
    const table = JSON.parse('{"Ann":"ann@example.com","Bo":"12+bo-dev@users.noreply.github.com","cy@example.com":"cy@example.com","__proto__":"p@example.com"}') as unknown;
    const out = withoutEmails({ emails: table, leaderboards: { weekly: { '2025-W10': [{ name: 'cy@example.com', email: 'cy@example.com' }] } } });
    expect(JSON.stringify(out)).toBe('{"emails":{"Ann":"","Bo":"bo-dev","[email hidden]":"","__proto__":""},'
      + '"leaderboards":{"weekly":{"2025-W10":[{"name":"[email hidden]","email":""}]}}}');
    // The shares of a board of several repositories are keyed by name too.
    const shares = withoutEmails({ metadata: { repositoryShares: { 'cy@example.com': { api: [1, 20] }, Ann: { web: [2, 30] } } } });
    expect(JSON.stringify(shares)).toBe('{"metadata":{"repositoryShares":{"[email hidden]":{"api":[1,20]},"Ann":{"web":[2,30]}}}}');
  });
});
