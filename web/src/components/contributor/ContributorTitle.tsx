import { useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { PersonName } from '../PersonName.js';

interface ContributorTitleProps {
  name: string;
  /** The heading, which the page focuses when it opens. */
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The page's heading: the name on two lines at most (a 600-character one would fill a screen).
 * Where that cuts it, a button shows it whole: the ranking's rows cut long names too and link
 * here, and hovering for the title is no way for a keyboard or a finger to read the rest.
 */
export function ContributorTitle({ name, headingRef }: ContributorTitleProps) {
  const [whole, setWhole] = useState(false);
  const [cut, setCut] = useState(false);
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => setWhole(false), [name]);
  // Cut or not depends on the width: measured again whenever the name's box changes size.
  useLayoutEffect(() => {
    const el = text.current;
    if (!el) return undefined;
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [name]);

  return (
    <>
      <h2 className={`contributor-name-title${whole ? ' is-whole' : ''}`} id="contributor-title" ref={headingRef} tabIndex={-1}
        data-testid="contributor-title">
        <PersonName name={name} textRef={text} />
      </h2>
      {(cut || whole) && (
        <button type="button" className="button button-ghost button-small name-toggle" aria-expanded={whole}
          aria-controls="contributor-title" onClick={() => setWhole(!whole)} data-testid="whole-name-toggle">
          {whole ? 'Show less of the name' : 'Show the whole name'}
        </button>
      )}
    </>
  );
}
