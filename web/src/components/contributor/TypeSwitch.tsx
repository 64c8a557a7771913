import { PERIOD_TYPES, type PeriodType } from '../../../../src/shared/data-file.js';
import { PERIOD_TYPE_NAMES } from '../../lib/periods.js';

/**
 * Weekly / Monthly / Quarterly on a contributor's page: toggle buttons (the board's tabs stay
 * mounted behind the page, and their ids must stay unique).
 */
export function TypeSwitch({ type, onChange }: { type: PeriodType; onChange: (type: PeriodType) => void }) {
  return (
    <div className="type-switch" role="group" aria-label="Period type" data-testid="contributor-type-switch">
      {PERIOD_TYPES.map((t) => (
        <button key={t} type="button" className="tab" aria-pressed={t === type} onClick={() => onChange(t)}
          data-testid={`contributor-type-${t}`}>
          {PERIOD_TYPE_NAMES[t]}
        </button>
      ))}
    </div>
  );
}
