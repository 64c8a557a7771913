import { createContext, useContext } from 'react';
import { LEGACY_CREDIT } from '../../../../src/shared/credit.js';
import type { ScoringRules } from '../../lib/rules.js';

/** A section of the "How scores work" panel. */
export type RulesSection = 'parts' | 'left-out' | 'credit' | 'ranking' | 'window';

/** The rules of the loaded data file, and how to open the panel that explains them. */
export interface RulesContextValue {
  rules: ScoringRules;
  /** Opens the "How scores work" panel (at `section`); focus returns to the control that opened it. */
  explain: (section?: RulesSection) => void;
}

const FALLBACK: RulesContextValue = {
  rules: {
    parts: { loc: null, files: null, keyword: null }, ai: null, significantAt: 50, exclusions: null, bots: null,
    credit: { ...LEGACY_CREDIT, recorded: false, cancelled: null, coAuthored: null },
    window: { start: null, days: 0, head: null, commitsPerEntry: null },
    activity: null,
  },
  explain: () => undefined,
};

export const RulesContext = createContext<RulesContextValue>(FALLBACK);

/** The rules in force and the panel's opener (a harmless fallback outside the dashboard). */
export function useRules(): RulesContextValue {
  return useContext(RulesContext);
}
