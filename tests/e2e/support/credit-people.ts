/** The people of the credit tests' repositories: Alice's commits, Bob and Carol as co-authors. */
export const alice = { name: 'Alice', email: 'alice@example.com' };
export const bob = { name: 'Bob', email: 'bob@example.com' };
export const carol = { name: 'Carol', email: 'carol@example.com' };

/** `n` distinct lines of a file's text, tagged so two files' lines differ. */
export const lines = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n') + '\n';
