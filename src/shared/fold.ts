/**
 * Text as a search or a name comparison sees it: decomposed, without its accents and other
 * combining marks, its spaces of any kind (a no-break space pasted from a web page) one plain
 * space and none around it, in lower case. A name git stored decomposed (as macOS writes it) matched
 * nothing typed on a keyboard, and "jose" found José only through his email.
 */
export const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/gu, ' ').trim().toLocaleLowerCase();

/**
 * Text without the spaces, tabs and line breaks around it, as git trims a name: other Unicode
 * spaces (a no-break space) are part of a name git keeps, so "Bob\u00A0" is not "Bob". trim()
 * took one for the other: a contribution or a page for one went to the other.
 */
export const trimSpaces = (text: string): string => text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
