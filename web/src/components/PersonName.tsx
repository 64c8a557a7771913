import type { Ref } from 'react';
import { isBlankName, NO_NAME } from '../lib/person-name.js';

interface PersonNameProps {
  name: string;
  /** More classes (the place's own look: 'chip-text', 'filter-option-name'). */
  className?: string;
  /** Inside a line of text (the co-authors of a commit) rather than on a line of its own. */
  inline?: boolean;
  testId?: string;
  /** The element holding the name (a heading measures whether it is cut). */
  textRef?: Ref<HTMLSpanElement>;
}

/**
 * A contributor's name on two lines at most, cut with an ellipsis where it does not fit (a
 * 600-character name made a ranking row a page tall). The whole name stays the element's text, so
 * a screen reader reads it and the browser's find matches it, and is its title, shown on hover
 * (the contributor's page can show it whole). A blank name reads "(no name)", dimmed and in
 * italics so it is not taken for someone's name.
 */
export function PersonName({ name, className, inline = false, testId, textRef }: PersonNameProps) {
  const blank = isBlankName(name);
  const classes = ['person-name', inline && 'person-name-inline', blank && 'is-nameless', className].filter(Boolean).join(' ');
  return (
    <span ref={textRef} className={classes} title={blank ? 'No name in the data' : name} data-testid={testId}>
      {blank ? NO_NAME : name}
    </span>
  );
}
