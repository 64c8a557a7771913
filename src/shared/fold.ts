/**
 * Text as a search or a name comparison sees it: decomposed, without its accents and other
 * combining marks, in lower case. A name git stored decomposed (as macOS writes it) matched
 * nothing typed on a keyboard, and "jose" found José only through his email.
 */
export const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
