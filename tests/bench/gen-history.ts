import {
  FIRST, LAST, chance, commitMessage, commitType, int, line, logNormal, mulberry32, pick, zipfSampler,
  type Rng, type Style,
} from './gen-text.js';

/** A file as the generator tracks it: text as lines, or binary bytes. */
export type FileBody = { lines: string[]; style: Style; exec?: boolean } | { bytes: Buffer };

/** A change in a commit. `M` carries the file object; its content is serialized when written. */
export type Op = { t: 'M'; path: string; file: FileBody } | { t: 'D'; path: string } | { t: 'R'; from: string; to: string };

export interface Person { name: string; email: string; tz: string }

export interface CommitSpec {
  mark: number;
  branch: string;
  author: Person;
  /** Unix seconds, author and committer. */
  time: number;
  message: string;
  /** Parent by mark (else git's current tip of `branch`, or `fromRef` for the first commit of an import). */
  from?: number | string;
  merge?: number;
  ops: Op[];
}

interface Author extends Person { alias?: Person; start: number; end: number }
interface Module { name: string; src: string; tests: string; files: string[] }

const AREAS = ['api', 'auth', 'billing', 'cli', 'core', 'db', 'events', 'i18n', 'jobs', 'mail', 'metrics', 'search', 'storage', 'ui', 'utils', 'web'];
const MODULES = ['handlers', 'models', 'service', 'adapters', 'validation', 'cache', 'client', 'schema', 'helpers', 'routes'];
const TZ = ['+0000', '+0100', '+0200', '-0500', '-0800', '+0530', '+0800', '+0900', '-0300', '+1000'];
const BOTS: Person[] = [
  { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com', tz: '+0000' },
  { name: 'renovate[bot]', email: '29139614+renovate[bot]@users.noreply.github.com', tz: '+0000' },
];
const PREFIXES = ['', '', 'base-', 'use-', 'with-'];
const NAMES = ['user', 'order', 'cart', 'token', 'queue', 'price', 'audit', 'rate', 'mail', 'store', 'page', 'flag', 'plan', 'team', 'file', 'job'];
const LOCKS = ['package-lock.json', 'web/yarn.lock', 'tools/Cargo.lock', 'services/go.sum'];

function textFile(rng: Rng, style: Style, median: number): FileBody {
  const n = Math.max(1, Math.min(1500, Math.round(logNormal(rng, Math.log(median), 0.8))));
  return { lines: Array.from({ length: n }, () => line(rng, style)), style };
}

const binaryFile = (rng: Rng): FileBody => {
  const bytes = Buffer.alloc(int(rng, 400, 12_000));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (rng() * 256) | 0;
  Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1').copy(bytes);
  return { bytes };
};

/**
 * Generates a realistic history, commit by commit, deterministically from its parameters:
 * Zipf-distributed authors with activity spans (and a few bots and mailmapped aliases), a tree of
 * a few thousand files in modules, commits touching 1-10 files with a long tail, lock-file and
 * generated-file edits, renames, binary assets, side branches merged back, conventional subjects.
 */
export class HistoryGenerator {
  readonly files = new Map<string, FileBody>();
  private readonly rng: Rng;
  private readonly authors: Author[];
  private readonly pickAuthor: () => number;
  private readonly modules: Module[] = [];
  private readonly pickModule: () => number;
  private mark = 0;
  private mainTip = 0;
  /** Marks of the last few main commits, oldest first: where side branches start. */
  private recent: number[] = [];
  private merges = 0;
  /** Non-merge commits made so far. */
  made = 0;
  /** Off for commits appended in a later import, which cannot name earlier marks. */
  allowMerges = true;

  constructor(seed: number, authorCount: number, private readonly start: number, private readonly end: number, private readonly total: number) {
    this.rng = mulberry32(seed);
    const rng = this.rng;
    this.authors = Array.from({ length: authorCount }, (_, i) => {
      // (i mod F, (7i + i div F) mod L) differs for every i < F * L.
      const last = LAST[(7 * i + Math.floor(i / FIRST.length)) % LAST.length];
      const name = `${FIRST[i % FIRST.length]} ${last}${i >= FIRST.length * LAST.length ? ` ${i}` : ''}`;
      const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '') || `dev${i}`;
      const span = i < 15 ? 1 : 0.08 + rng() * 0.92;
      const start = rng() * (1 - span);
      const author: Author = { name, email: `${slug}.${i}@${i % 3 ? 'example.com' : 'corp.example'}`, tz: pick(rng, TZ), start, end: start + span };
      if (i < 100 && chance(rng, 0.12)) author.alias = { name: name.split(' ')[0]!.toLowerCase(), email: `${i}+${slug}@users.noreply.example.com`, tz: author.tz };
      return author;
    });
    this.pickAuthor = zipfSampler(rng, authorCount, 1.0);
    for (const area of AREAS) {
      for (const mod of MODULES.filter(() => chance(rng, 0.6))) {
        this.modules.push({ name: mod, src: `src/${area}/${mod}`, tests: `tests/${area}/${mod}`, files: [] });
      }
    }
    this.pickModule = zipfSampler(rng, this.modules.length, 0.8);
  }

  private uniquePath(dir: string, ext: string): string {
    const rng = this.rng;
    for (;;) {
      const suffix = int(rng, 0, 3) ? '' : `-${int(rng, 2, 99)}`;
      const p = `${dir}/${pick(rng, PREFIXES)}${pick(rng, NAMES)}-${pick(rng, NAMES)}${suffix}${ext}`;
      if (!this.files.has(p)) return p;
    }
  }

  private add(ops: Op[], path: string, file: FileBody, mod?: Module): void {
    this.files.set(path, file);
    mod?.files.push(path);
    ops.push({ t: 'M', path, file });
  }

  private person(): Person {
    const at = (this.made + 0.5) / this.total;
    for (let tries = 0; tries < 25; tries++) {
      const a = this.authors[this.pickAuthor()]!;
      if (at >= a.start && at <= a.end) return a.alias && chance(this.rng, 0.25) ? a.alias : a;
    }
    return this.authors[0]!;
  }

  private timeOf(n: number): number {
    const step = (this.end - this.start) / this.total;
    return Math.floor(this.start + n * step + this.rng() * step * 0.9);
  }

  /** The first commit: the whole initial tree, .gitattributes and .mailmap. */
  initial(): CommitSpec {
    const rng = this.rng;
    const ops: Op[] = [];
    for (const mod of this.modules) {
      for (let k = int(rng, 5, 24); k > 0; k--) this.add(ops, this.uniquePath(mod.src, '.ts'), textFile(rng, 'code', 70), mod);
      for (let k = int(rng, 0, 6); k > 0; k--) this.add(ops, this.uniquePath(mod.tests, '.test.ts'), textFile(rng, 'code', 90), mod);
    }
    for (let k = 0; k < 120; k++) this.add(ops, this.uniquePath(`docs/${pick(rng, ['guide', 'api', 'adr', 'ops'])}`, '.md'), textFile(rng, 'prose', 40));
    this.add(ops, 'docs/guide/café-résumé.md', textFile(rng, 'prose', 30));
    for (let k = 0; k < 80; k++) this.add(ops, this.uniquePath('assets/img', '.png'), binaryFile(rng));
    for (let k = 0; k < 40; k++) this.add(ops, this.uniquePath('src/generated', '.ts'), textFile(rng, 'code', 300));
    for (let k = 0; k < 60; k++) this.add(ops, this.uniquePath('vendor/libs', '.js'), textFile(rng, 'code', 200));
    for (let k = 0; k < 25; k++) this.add(ops, this.uniquePath('.github/workflows', '.yml'), textFile(rng, 'data', 40));
    for (let k = 0; k < 12; k++) this.add(ops, this.uniquePath('scripts', '.sh'), { ...textFile(rng, 'code', 30), exec: true } as FileBody);
    this.add(ops, 'public/js/app.min.js', textFile(rng, 'code', 50));
    for (const lock of LOCKS) this.add(ops, lock, textFile(rng, 'lock', lock === 'package-lock.json' ? 2500 : 600));
    this.add(ops, 'package.json', textFile(rng, 'data', 60));
    this.add(ops, 'README.md', textFile(rng, 'prose', 80));
    this.add(ops, '.gitattributes', { lines: ['src/generated/** linguist-generated', 'vendor/** linguist-vendored', '*.png binary'], style: 'data' });
    const mailmap = this.authors.filter((a) => a.alias).map((a) => `${a.name} <${a.email}> <${a.alias!.email}>`);
    this.add(ops, '.mailmap', { lines: mailmap.length ? mailmap : ['# none'], style: 'data' });
    const mark = ++this.mark;
    this.mainTip = mark;
    this.recent.push(mark);
    this.made++;
    return { mark, branch: 'refs/heads/main', author: this.authors[0]!, time: this.start, message: 'chore: initial import\n', ops };
  }

  /** Edits a text file in place: a few hunks, sizes long-tailed; big files tend to shrink. */
  private edit(file: FileBody, size: number): void {
    if (!('lines' in file)) return;
    const rng = this.rng;
    const hunks = size > 12 ? int(rng, 1, 4) : int(rng, 1, 2);
    for (let h = 0; h < hunks; h++) {
      const n = Math.max(1, Math.round(size / hunks));
      const mode = file.lines.length > 900 ? 0.85 : rng();
      const del = mode < 0.45 ? int(rng, 0, Math.ceil(n / 5)) : mode < 0.8 ? n : Math.min(n, file.lines.length);
      const ins = mode < 0.8 ? n : int(rng, 0, Math.ceil(n / 5));
      const pos = int(rng, 0, Math.max(0, file.lines.length - del));
      file.lines.splice(pos, del, ...Array.from({ length: ins }, () => line(rng, file.style)));
    }
  }

  private modifyIn(ops: Op[], paths: string[], count: number): void {
    const seen = new Set(ops.flatMap((o) => (o.t === 'R' ? [] : [o.path])));
    for (let k = 0; k < count && paths.length > 0; k++) {
      const path = pick(this.rng, paths);
      if (seen.has(path)) continue;
      seen.add(path);
      const file = this.files.get(path)!;
      this.edit(file, Math.min(600, Math.ceil(logNormal(this.rng, 1.6, 1.2))));
      ops.push({ t: 'M', path, file });
    }
  }

  private fileCount(): number {
    const r = this.rng();
    if (r < 0.4) return 1;
    if (r < 0.62) return 2;
    if (r < 0.75) return 3;
    if (r < 0.83) return 4;
    if (r < 0.89) return 5;
    if (r < 0.99) return int(this.rng, 6, 10);
    return int(this.rng, 11, 80);
  }

  /** A side-branch commit from a few commits back and its merge into main (a merge for git to skip). */
  private sideAndMerge(): CommitSpec[] {
    const rng = this.rng;
    const file: FileBody = textFile(rng, 'prose', 20);
    const path = `notes/side-${++this.merges}.md`;
    const time = this.timeOf(this.made);
    const side: CommitSpec = {
      mark: ++this.mark, branch: 'refs/heads/side', author: this.person(), time, from: this.recent[0]!,
      message: commitMessage(rng, 'notes', 'docs'), ops: [{ t: 'M', path, file }],
    };
    this.files.set(path, file);
    this.made++;
    const merge: CommitSpec = {
      mark: ++this.mark, branch: 'refs/heads/main', author: this.authors[0]!, time: time + 60, from: this.mainTip, merge: side.mark,
      message: `Merge pull request #${this.merges} from side/${this.merges}\n`, ops: [{ t: 'M', path, file }],
    };
    this.mainTip = merge.mark;
    return [side, merge];
  }

  private rename(ops: Op[], mod: Module): void {
    const path = pick(this.rng, mod.files.filter((p) => !p.includes('/legacy-')));
    const to = path?.replace(/\/([^/]+)$/, '/legacy-$1');
    if (!path || !to || this.files.has(to)) return;
    ops.push({ t: 'R', from: path, to });
    this.files.set(to, this.files.get(path)!);
    this.files.delete(path);
    mod.files[mod.files.indexOf(path)] = to;
    if (chance(this.rng, 0.5)) this.modifyIn(ops, [to], 1);
  }

  private withPrefix(test: (p: string) => boolean): string[] {
    return [...this.files.keys()].filter(test);
  }

  /** The next commits of the history: usually one, sometimes a side-branch commit and its merge. */
  next(): CommitSpec[] {
    const rng = this.rng;
    if (this.allowMerges && this.recent.length >= 4 && chance(rng, 0.006)) return this.sideAndMerge();
    const mod = this.modules[this.pickModule()]!;
    const ops: Op[] = [];
    let author = this.person();
    let type: string | undefined;
    let message: string | undefined;
    const roll = rng();
    if (roll < 0.025) {
      author = pick(rng, BOTS);
      const lock = pick(rng, LOCKS);
      this.modifyIn(ops, [lock], 1);
      this.modifyIn(ops, ['package.json'], 1);
      message = `chore(deps): bump ${pick(rng, NAMES)}-${pick(rng, NAMES)} from 1.${int(rng, 0, 9)}.${int(rng, 0, 9)} to 1.${int(rng, 10, 19)}.0 in /${lock.includes('/') ? lock.split('/')[0] : ''}\n\nBumps the dependency.\n\nSigned-off-by: ${author.name} <support@example.com>\n`;
    } else if (roll < 0.04) {
      this.rename(ops, mod);
      type = 'refactor';
    } else if (roll < 0.055) {
      const imgs = this.withPrefix((p) => p.endsWith('.png'));
      this.add(ops, chance(rng, 0.5) || imgs.length === 0 ? this.uniquePath('assets/img', '.png') : pick(rng, imgs), binaryFile(rng));
    } else if (roll < 0.11) {
      for (let k = int(rng, 1, 3); k > 0; k--) {
        const test = chance(rng, 0.3);
        this.add(ops, this.uniquePath(test ? mod.tests : mod.src, test ? '.test.ts' : '.ts'), textFile(rng, 'code', 50), mod);
      }
      this.modifyIn(ops, mod.files, int(rng, 0, 3));
      type = 'feat';
    } else if (roll < 0.117 && mod.files.length > 3) {
      const path = mod.files.splice(int(rng, 0, mod.files.length - 1), 1)[0]!;
      this.files.delete(path);
      ops.push({ t: 'D', path });
    } else if (roll < 0.125) {
      this.modifyIn(ops, this.withPrefix((p) => p.startsWith('src/generated/') || p.startsWith('vendor/') || p.endsWith('.min.js')), int(rng, 1, 6));
    } else if (roll < 0.2) {
      this.modifyIn(ops, this.withPrefix((p) => p.endsWith('.md')), int(rng, 1, 3));
      if (chance(rng, 0.7)) type = 'docs';
    } else if (roll < 0.203) {
      type = 'chore'; // an empty commit
    } else {
      const n = this.fileCount();
      const local = Math.min(n, int(rng, 1, 6));
      this.modifyIn(ops, mod.files, local);
      for (let k = local; k < n; k++) this.modifyIn(ops, this.modules[this.pickModule()]!.files, 1);
      if (chance(rng, 0.03)) this.modifyIn(ops, [pick(rng, LOCKS)], 1);
    }
    const commit: CommitSpec = {
      mark: ++this.mark, branch: 'refs/heads/main', author, time: this.timeOf(this.made), ops,
      message: message ?? commitMessage(rng, mod.name, type ?? commitType(rng)),
    };
    this.mainTip = commit.mark;
    this.recent.push(commit.mark);
    if (this.recent.length > 4) this.recent.shift();
    this.made++;
    return [commit];
  }
}
