import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's top folder: two levels above this file, whether it runs from src/core (tests),
 * dist/core (tsc's output) or dist/bundle (the CLI's bundle). Paths to package.json and the built
 * page are made from it, so they hold wherever a bundler puts the code that uses them.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The prebuilt page (vite's output). */
export const WEB_ROOT = path.join(PACKAGE_ROOT, 'dist', 'web');
