import type { MouseEvent, ReactNode } from 'react';
import { isPlainClick } from '../../hooks/contributor-link.js';

/** A link to the board: a real address (new tab works), followed in place on a plain click. */
export function BoardLink({ href, onBack, children, testId }: { href: string; onBack: () => void; children: ReactNode; testId: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    onBack();
  };
  return <a className="back-link" href={href} onClick={onClick} data-testid={testId}>{children}</a>;
}
