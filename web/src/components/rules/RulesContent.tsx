import { MAX_AI_SCORE } from '../../../../src/shared/ai-part.js';
import { formatCount, formatDays } from '../../lib/format.js';
import { ActivityRules } from './ActivityRules.js';
import { describeAi, describeCoAuthors, describeReverts, prettyThresholds, type ScoringRules } from '../../lib/rules.js';
import { showsReviews } from '../../lib/activity.js';

const NOT_RECORDED = 'not recorded in this data file';
/**
 * A part whose thresholds the file does not record (files of older tools): what it measures,
 * and that each commit still shows the points it got, which the file does hold.
 */
const unrecordedPart = (measures: string, rules: string, column: string) =>
  `Points for ${measures}. This data file does not record the ${rules}; each commit shows the points it got under ${column}.`;
const TIERS = [['T0', 'Elite', 'ranks 1-5'], ['T1', 'Advanced', 'ranks 6-12'], ['T2', 'Intermediate', 'ranks 13-22'], ['T3', 'Contributing', 'rank 23 and beyond']] as const;

/** The panel's text: each rule as the data file records it. */
export function RulesContent({ rules }: { rules: ScoringRules }) {
  const { parts, exclusions, bots, credit, window } = rules;
  const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
  return (
    <>
      <section className="rules-section" aria-labelledby="rules-parts" data-testid="rules-parts">
        <h3 id="rules-parts">A commit's score: four parts, 0-100</h3>
        <p>Lines are insertions + deletions and files are changed files, both counted after the exclusions below.</p>
        <table className="rules-table">
          <tbody>
            <tr><th scope="row">LOC <span className="rules-max">0-30</span></th><td>{parts.loc ? `${prettyThresholds(parts.loc)}; 0 when every changed file is excluded` : unrecordedPart('the lines changed', 'thresholds', 'LOC')}</td></tr>
            <tr><th scope="row">Files <span className="rules-max">0-20</span></th><td>{parts.files ? `${prettyThresholds(parts.files)}; 0 when none is counted` : unrecordedPart('the number of changed files', 'thresholds', 'Files')}</td></tr>
            <tr><th scope="row">Type <span className="rules-max">0-25</span></th><td>{parts.keyword ? `conventional-commit type of the subject: ${parts.keyword.replace(/\//g, ', ')}; a breaking change (! or BREAKING CHANGE:) 25` : unrecordedPart('the kind of change the commit message names', 'words and their points', 'Type')}</td></tr>
            <tr><th scope="row">AI <span className="rules-max">0-{MAX_AI_SCORE}</span></th><td data-testid="rules-ai">{describeAi(rules.ai)}. An admin may override it, with a note shown on the commit.</td></tr>
          </tbody>
        </table>
        <p>A commit is <strong>significant</strong> at {rules.significantAt} points or more, otherwise a <strong>simple fix</strong>.</p>
      </section>

      <section className="rules-section" aria-labelledby="rules-left-out" data-testid="rules-exclusions">
        <h3 id="rules-left-out">What is left out</h3>
        {exclusions ? (
          <ul>
            <li>From lines and files: {[
              exclusions.lockFiles && 'lock files',
              exclusions.generated && 'paths marked linguist-generated',
              exclusions.vendored && 'vendor/, node_modules/ and linguist-vendored paths',
              exclusions.minified && 'minified files',
            ].filter(Boolean).join(', ') || 'nothing built in'}{exclusions.paths.length > 0 ? `; configured: ${exclusions.paths.join(', ')}` : ''}. Each commit says what was excluded.</li>
            <li>Merge commits; a pure rename counts 0 lines.</li>
          </ul>
        ) : <p>Exclusions: {NOT_RECORDED}.</p>}
        <p data-testid="rules-bots">{bots
          ? (bots.exclude
            ? `Bots are left out of the rankings: names or emails containing ${[...(bots.builtIn ?? ['[bot]', 'dependabot', 'renovate', 'github-actions']), ...bots.patterns].join(', ')}.`
            : 'Bots are kept in the rankings.')
          : `Bots: ${NOT_RECORDED}.`}</p>
      </section>

      <section className="rules-section" aria-labelledby="rules-credit" data-testid="rules-credit">
        <h3 id="rules-credit">Who gets the credit</h3>
        <p data-testid="rules-co-authors"><strong>Co-authors ({credit.coAuthors}):</strong> {describeCoAuthors(credit.coAuthors)}
          {credit.coAuthored ? ` Here: ${plural(credit.coAuthored, 'commit')}.` : ''}</p>
        <p data-testid="rules-reverts"><strong>Reverts ({credit.reverts}):</strong> {describeReverts(credit.reverts)}
          {credit.cancelled ? ` Here: ${plural(credit.cancelled, 'commit')} cancelled.` : ''}</p>
        {!credit.recorded && <p className="rules-note">This data file predates these settings: its scores credit each commit to its author only and count reverts like any commit.</p>}
        <p>A person is their .mailmap name; bots and the author themself are never counted as co-authors.</p>
      </section>

      <ActivityRules activity={rules.activity} />

      <section className="rules-section" aria-labelledby="rules-ranking" data-testid="rules-ranking">
        <h3 id="rules-ranking">Ranking and tiers</h3>
        <p>In each week, month and quarter (by author date, UTC) contributors are ordered by total score (commit score plus {showsReviews(rules.activity) ? `review ${rules.activity?.points.issueCompleted ? 'and issue ' : ''}points plus ` : ''}other, manual contributions), then commits, then name. Hiding contributors re-assigns the tiers of the rest. Impact is the share of significant commits; Avg is the commit score per commit.</p>
        <ul className="rules-tiers">
          {TIERS.map(([tier, name, ranks]) => <li key={tier}><span className={`tier-badge tier-${tier.toLowerCase()}`}>{tier}</span> {name}: {ranks}</li>)}
        </ul>
      </section>

      <section className="rules-section" aria-labelledby="rules-window" data-testid="rules-window">
        <h3 id="rules-window">Which commits</h3>
        <p>{window.start
          ? `Commits authored from ${window.start.slice(0, 10)} (UTC), ${formatDays(window.days)} back`
          : window.days > 0 ? `The whole history analysed (${formatDays(window.days)})` : 'The analysed window is not recorded in this data file'}
        {window.head ? `, up to commit ${window.head.slice(0, 7)}` : ''}.
        {window.commitsPerEntry ? ` Each contributor lists up to ${formatCount(window.commitsPerEntry)} commits per period (the page shows 20).` : ''}</p>
      </section>
    </>
  );
}
