/**
 * A loopback stand-in for the npm registry, for tests that install a package as a stranger does.
 *
 * It serves a packument for every package of this checkout's package-lock.json (only the
 * versions locked there, with their integrity) and for the tarballs a test adds. npm then
 * resolves the dependencies exactly as locked and takes their tarballs from its own cache, where
 * `npm install` of the checkout put them: found by integrity, they are never fetched. An install
 * from a lock file (npm's, in its clone of a git dependency) asks for them by address all the same:
 * they are served from that cache too. A request for anything else is answered 404 and recorded,
 * so a test can say what was missing instead of reaching the real registry.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface LockedPackage {
  name?: string;
  version?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
  bin?: unknown;
  engines?: unknown;
  os?: unknown;
  cpu?: unknown;
}

type Packument = { name: string; 'dist-tags': Record<string, string>; versions: Record<string, Record<string, unknown>> };

export interface NpmRegistry {
  /** The registry's address, ending in `/`, for `--registry`. */
  url: string;
  /** Package names and tarball paths that were asked for and not found. */
  missing: string[];
  /** Adds a package tarball (as `npm pack` wrote it) under its manifest's name and version. */
  publish: (tarball: string, manifest: { name: string; version: string } & Record<string, unknown>) => void;
  close: () => Promise<void>;
}

/** Starts the registry on 127.0.0.1 with every package locked in `lockFile`. */
export async function startNpmRegistry(lockFile: string): Promise<NpmRegistry> {
  const packuments = new Map<string, Packument>();
  const tarballs = new Map<string, string>();
  const missing: string[] = [];
  let base = '';

  const add = (name: string, version: string, manifest: Record<string, unknown>) => {
    let doc = packuments.get(name);
    if (!doc) packuments.set(name, (doc = { name, 'dist-tags': {}, versions: {} }));
    doc.versions[version] = { ...manifest, name, version };
    const latest = doc['dist-tags'].latest;
    if (latest === undefined || compareVersions(version, latest) > 0) doc['dist-tags'].latest = version;
  };
  const tarballUrl = (name: string, version: string) => `${base}${name}/-/${name.split('/').pop()}-${version}.tgz`;

  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, LockedPackage> };
  const locked: Array<[string, LockedPackage]> = [];
  for (const [key, p] of Object.entries(lock.packages)) {
    if (key === '' || p.link || !p.version || !p.integrity) continue;
    locked.push([p.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length), p]);
  }

  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://registry').pathname.slice(1));
    const file = tarballs.get(pathname) ?? cachedTarball(lockedTarballs.get(pathname));
    if (file) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
      return;
    }
    const doc = packuments.get(pathname);
    if (!doc) {
      missing.push(pathname);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const lockedTarballs = new Map<string, string>();
  for (const [name, p] of locked) {
    lockedTarballs.set(decodeURIComponent(new URL(tarballUrl(name, p.version as string)).pathname.slice(1)), p.integrity as string);
    const { integrity, dependencies, optionalDependencies, peerDependencies, peerDependenciesMeta, bin, engines, os, cpu } = p;
    add(name, p.version as string, {
      dependencies, optionalDependencies, peerDependencies, peerDependenciesMeta, bin, engines, os, cpu,
      dist: { tarball: tarballUrl(name, p.version as string), integrity },
    });
  }

  return {
    url: base,
    missing,
    publish: (tarball, manifest) => {
      const bytes = readFileSync(tarball);
      const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
      const url = tarballUrl(manifest.name, manifest.version);
      tarballs.set(decodeURIComponent(new URL(url).pathname.slice(1)), path.resolve(tarball));
      add(manifest.name, manifest.version, { ...manifest, dist: { tarball: url, integrity } });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * The file of npm's cache (cacache's content-v2, found by the integrity's digest) that holds a
 * tarball, if it is there. The cache is $npm_config_cache, else ~/.npm (npm's default).
 */
function cachedTarball(integrity: string | undefined): string | undefined {
  const m = /^(sha\d+)-(.+)$/.exec(integrity ?? '');
  if (!m) return undefined;
  const hex = Buffer.from(m[2] as string, 'base64').toString('hex');
  const cache = process.env.npm_config_cache || path.join(os.homedir(), '.npm');
  const file = path.join(cache, '_cacache', 'content-v2', m[1] as string, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  return existsSync(file) ? file : undefined;
}

/** Orders plain `major.minor.patch` versions (pre-release tags compare as text). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const d = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (d !== 0) return d;
  }
  return 0;
}
