import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** The tool's version, recorded in the data file's metadata. */
export const TOOL_VERSION: string = pkg.version;

/**
 * The npm package this tool is published as (`contributor-leaderboard`; the command it installs
 * is `leaderboard`). Every text that tells someone what to install names it through this.
 */
export const PACKAGE_NAME: string = pkg.name;

/** What installs this very version: `contributor-leaderboard@<version>`. */
export function packageSpec(version: string = TOOL_VERSION): string {
  return `${PACKAGE_NAME}@${version}`;
}
