import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_NAME } from '../shared/package-name.js';
import { PACKAGE_ROOT } from './package-root.js';

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

/** The tool's version, recorded in the data file's metadata. */
export const TOOL_VERSION: string = pkg.version;

/**
 * The version and the build of the code that makes boards (`0.1.0+<hash of src/>`, written by
 * scripts/bundle-cli.mjs; the version alone where none was built). Refresh states record it: the
 * version in package.json does not change with every change of the code, and a board made by
 * other code was taken for up to date (an update from a checkout kept serving boards its fixes
 * would have changed) and merged with parts of this code's.
 */
export const TOOL_BUILD: string = withBuild(TOOL_VERSION);

function withBuild(version: string): string {
  try {
    const id = readFileSync(path.join(PACKAGE_ROOT, 'dist', 'bundle', 'build-id'), 'utf8').trim();
    return /^[0-9a-f]{12}$/.test(id) ? `${version}+${id}` : version;
  } catch {
    return version;
  }
}

export { PACKAGE_NAME };

/** What installs this very version: `contributor-leaderboard@<version>`. */
export function packageSpec(version: string = TOOL_VERSION): string {
  return `${PACKAGE_NAME}@${version}`;
}
