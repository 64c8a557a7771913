import { createContext } from 'react';

/**
 * The names on the board shown (for the admin panel's checks): a function, so the long list is
 * only read when a form is sent. None outside a board.
 */
export const BoardNamesContext = createContext<() => readonly string[]>(() => []);
