/**
 * The npm package this tool is published as; the command it installs is `leaderboard`. (The npm
 * name `leaderboard` belongs to an unrelated library.) Every text that tells someone what to
 * install or update names it through this constant; package.json's `name` is checked against it.
 */
export const PACKAGE_NAME = 'contributor-leaderboard';
