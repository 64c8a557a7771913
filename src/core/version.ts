import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_NAME } from '../shared/package-name.js';
import { PACKAGE_ROOT } from './package-root.js';

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

/** The tool's version, recorded in the data file's metadata. */
export const TOOL_VERSION: string = pkg.version;

export { PACKAGE_NAME };

/** What installs this very version: `contributor-leaderboard@<version>`. */
export function packageSpec(version: string = TOOL_VERSION): string {
  return `${PACKAGE_NAME}@${version}`;
}
