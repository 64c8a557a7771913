import { useEffect, useRef } from 'react';
import { BoardLink } from './BoardLink.js';

/** A `?contributor=` naming nobody on the board: says so, with the way back. */
export function ContributorNotFound({ name, boardHref, onBack, takeFocus }: { name: string; boardHref: string; onBack: () => void; takeFocus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (takeFocus) heading.current?.focus(); }, [takeFocus]);
  return (
    <section className="card contributor-missing" data-testid="contributor-not-found" aria-labelledby="contributor-missing-title">
      <h2 className="contributor-name-title" id="contributor-missing-title" ref={heading} tabIndex={-1}>No contributor named &ldquo;{name}&rdquo;</h2>
      <p>Nobody of that name has an entry on this board, in any period. The link may have a typo, or the name may have changed.</p>
      <p><BoardLink href={boardHref} onBack={onBack} testId="contributor-not-found-back">Back to the leaderboard</BoardLink></p>
    </section>
  );
}
