import { readFileSync } from 'node:fs';

// Read once from package.json, which sits two levels above both src/core and dist/core.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The tool's version, recorded in the data file's metadata. */
export const TOOL_VERSION: string = pkg.version;
