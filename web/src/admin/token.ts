/** What sign-in says of a token with a character no GitHub token has. */
export const TOKEN_CHARACTER_MESSAGE = 'The token contains a character GitHub tokens never have (an invisible space or a typographic quote?). Paste it again.';

export { hasForeignCharacter } from '../../../src/shared/github-token.js';
