/** What sign-in says of a token with a character no GitHub token has. */
export const TOKEN_CHARACTER_MESSAGE = 'The token contains a character GitHub tokens never have (an invisible space or a typographic quote?). Paste it again.';

/**
 * Whether `token` has a character GitHub tokens never have. They (ghp_..., github_pat_..., 40 hex
 * digits) are printable ASCII without spaces; a paste from a chat or a document can bring a
 * zero-width space, a curly quote or an ellipsis, which a browser cannot even send in a header:
 * fetch then fails as if GitHub were unreachable.
 */
export function hasForeignCharacter(token: string): boolean {
  return !/^[\x21-\x7e]*$/.test(token);
}
