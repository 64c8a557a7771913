/** Deterministic random text for the synthetic repository: names, code lines, commit messages. */

export type Rng = () => number;

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same repository. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export const chance = (rng: Rng, p: number): boolean => rng() < p;

/** Log-normal sample (median e^mu): sizes of changes, files and bodies have long tails. */
export function logNormal(rng: Rng, mu: number, sigma: number): number {
  const u = Math.max(rng(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
  return Math.exp(mu + sigma * z);
}

/** Picks index i with weight 1/(i+1)^s (Zipf): a few items get most of the picks. */
export function zipfSampler(rng: Rng, count: number, s: number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) cumulative.push((total += 1 / (i + 1) ** s));
  return () => {
    const x = rng() * total;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export const FIRST = [
  'Ana', 'Ben', 'Chloé', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kobe', 'Lena', 'Mateo',
  'Nadia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Søren', 'Tomás', 'Uma', 'Viktor', 'Wei', 'Ximena', 'Yusuf', 'Zoë',
  'Aarav', 'Björn', 'Camille', 'Diego', 'Emma', 'Felix', 'Gökhan', 'Hana', 'Ivan', 'Jana', 'Kai', 'Liam', 'Mei', 'Noah',
];
export const LAST = [
  'Smith', 'García', 'Müller', 'Chen', 'Okafor', 'Kowalski', 'Nguyen', 'O\'Brien', 'Rossi', 'Tanaka', 'Silva', 'Novák',
  'Johansson', 'Haddad', 'Kumar', 'Dubois', 'Ivanova', 'Park', 'Yılmaz', 'Fernández', 'Andersen', 'Cohen', 'Costa',
  'Ahmed', 'Schmidt', 'Lopez', 'Kim', 'Martin', 'Weber', 'Sato', '李', 'Van der Berg', 'Petrov', 'Santos', 'Moreau',
];

const SYL = ['ka', 'lo', 'mi', 're', 'tan', 'vor', 'pix', 'ul', 'sen', 'dra', 'bel', 'cor', 'fin', 'gro', 'hel', 'jet', 'nu', 'ox', 'qua', 'zen'];
const WORDS = [
  'cache', 'request', 'handler', 'token', 'session', 'invoice', 'payload', 'schema', 'query', 'index', 'worker', 'queue',
  'event', 'config', 'client', 'server', 'route', 'buffer', 'stream', 'render', 'table', 'filter', 'report', 'user',
  'account', 'limit', 'retry', 'timeout', 'metric', 'locale', 'parser', 'layout', 'dialog', 'upload', 'export', 'import',
];
export const TYPES = ['string', 'number', 'boolean', 'Request', 'Response', 'Options', 'Result', 'void', 'unknown', 'Record<string, number>'];

export function ident(rng: Rng): string {
  const w = pick(rng, WORDS);
  return chance(rng, 0.5) ? w : `${w}${pick(rng, SYL)[0]!.toUpperCase()}${pick(rng, SYL).slice(1)}${pick(rng, SYL)}`;
}

export const words = (rng: Rng, n: number): string => Array.from({ length: n }, () => pick(rng, WORDS)).join(' ');

export type Style = 'code' | 'prose' | 'data' | 'lock';

/** One line of a file of the given style. */
export function line(rng: Rng, style: Style): string {
  if (style === 'prose') return chance(rng, 0.15) ? '' : `${chance(rng, 0.1) ? '- ' : ''}${words(rng, int(rng, 3, 14))}.`;
  if (style === 'data') return `${'  '.repeat(int(rng, 0, 3))}${ident(rng)}: ${chance(rng, 0.5) ? int(rng, 0, 9999) : ident(rng)}`;
  if (style === 'lock') {
    const pkg = `${pick(rng, WORDS)}-${pick(rng, SYL)}${pick(rng, SYL)}`;
    const v = `${int(rng, 0, 9)}.${int(rng, 0, 30)}.${int(rng, 0, 50)}`;
    return pick(rng, [
      `    "node_modules/${pkg}": {`, `      "version": "${v}",`, `      "resolved": "https://registry.example/${pkg}/-/${pkg}-${v}.tgz",`,
      `      "integrity": "sha512-${Math.floor(rng() * 1e16).toString(36)}${Math.floor(rng() * 1e16).toString(36)}",`, '    },',
    ]);
  }
  const a = ident(rng);
  const b = ident(rng);
  switch (int(rng, 0, 9)) {
    case 0: return '';
    case 1: return '}';
    case 2: return `  // ${words(rng, int(rng, 2, 9))}`;
    case 3: return `export function ${a}(${b}: ${pick(rng, TYPES)}): ${pick(rng, TYPES)} {`;
    case 4: return `  if (${a}.${b} === '${pick(rng, WORDS)}') return ${a};`;
    case 5: return `import { ${a} } from './${b}.js';`;
    case 6: return `    throw new Error('${words(rng, int(rng, 2, 6))}');`;
    case 7: return `  ${a}.${b}(${int(rng, 0, 500)}, '${pick(rng, WORDS)}');`;
    default: return `  const ${a} = ${b}(${ident(rng)}, ${int(rng, 0, 100)});`;
  }
}

// Conventional-commit types with rough real-world frequencies; '' is a subject without a type.
const TYPE_WEIGHTS: [string, number][] = [
  ['feat', 20], ['fix', 25], ['chore', 10], ['docs', 7], ['refactor', 7], ['test', 6], ['ci', 3], ['perf', 2], ['style', 2],
  ['build', 2], ['revert', 1], ['feature', 1], ['bug', 1], ['improve', 1], ['enhance', 1], ['update', 2], ['typo', 1],
  ['format', 1], ['doc', 1], ['breaking', 0.3], ['Feat', 0.5], ['FIX', 0.3], ['', 9],
];
const TYPE_TOTAL = TYPE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
const VERBS = ['add', 'implement', 'support', 'optimize', 'rewrite', 'migrate', 'handle', 'remove', 'rename', 'clean up', 'bump', 'lint', 'wip', 'correct', 'introduce', 'simplify', 'guard against', 'document'];
const PLAIN = [
  'Update README.md', 'WIP', 'Fix typo in docs', 'Bump version to {v}', 'Small fixes', 'Address review comments',
  'Ajoute la génération des {w}s', 'Revert "feat: {w} {w}"', '✨ New {w} dialog', 'Use "{w}" | "{w}" in {w}', 'Merge branch \'{w}\' into main (squashed)',
];

export function commitType(rng: Rng): string {
  let x = rng() * TYPE_TOTAL;
  for (const [t, w] of TYPE_WEIGHTS) if ((x -= w) < 0) return t;
  return '';
}

/** A commit message: a subject of the given type (random when undefined), often a body and trailers. */
export function commitMessage(rng: Rng, scope: string, type = commitType(rng)): string {
  let subject: string;
  if (type === '') {
    subject = pick(rng, PLAIN).replace(/\{w\}/g, () => pick(rng, WORDS)).replace('{v}', `${int(rng, 0, 4)}.${int(rng, 0, 20)}.${int(rng, 0, 9)}`);
  } else {
    const sc = chance(rng, 0.55) ? `(${scope})` : '';
    const bang = chance(rng, 0.015) ? '!' : '';
    subject = `${type}${sc}${bang}: ${pick(rng, VERBS)} ${words(rng, int(rng, 1, 6))}`;
  }
  const paragraphs: string[] = [];
  if (chance(rng, 0.45)) {
    const n = Math.min(6, Math.ceil(logNormal(rng, 0, 0.7)));
    for (let p = 0; p < n; p++) {
      const lines = Array.from({ length: int(rng, 1, 4) }, () => (chance(rng, 0.2) ? `- ${words(rng, int(rng, 3, 10))}` : `${words(rng, int(rng, 5, 12))}.`));
      paragraphs.push(lines.join('\n'));
    }
  }
  if (chance(rng, 0.02)) paragraphs.push(`BREAKING CHANGE: the ${pick(rng, WORDS)} option is gone; use ${pick(rng, WORDS)} instead.`);
  const trailers: string[] = [];
  if (chance(rng, 0.15)) trailers.push(`Refs: #${int(rng, 1, 4000)}`);
  if (chance(rng, 0.08)) trailers.push(`Co-authored-by: ${pick(rng, FIRST)} ${pick(rng, LAST)} <pair@example.com>`);
  if (chance(rng, 0.1)) trailers.push('Signed-off-by: Bench Maintainer <maint@example.com>');
  if (trailers.length) paragraphs.push(trailers.join('\n'));
  return [subject, ...paragraphs].join('\n\n') + '\n';
}
