import { z } from 'zod';
import { formatScore } from '../../lib/format.js';

const sharesSchema = z.record(z.string(), z.record(z.string(), z.tuple([z.number(), z.number()])));

/** One repository's part of a contributor's commits and points. */
export interface RepositoryShare {
  repo: string;
  commits: number;
  points: number;
}

/** A contributor's commits and points per repository, from the board's metadata ([] on a board of one repository). */
export function repositorySharesOf(metadata: Record<string, unknown>, name: string): RepositoryShare[] {
  const parsed = sharesSchema.safeParse(metadata.repositoryShares);
  // An own property only: a contributor may be called `constructor`, which every object inherits.
  const mine = parsed.success && Object.hasOwn(parsed.data, name) ? parsed.data[name] : undefined;
  if (!mine) return [];
  return Object.entries(mine).map(([repo, [commits, points]]) => ({ repo, commits, points }))
    .sort((a, b) => b.points - a.points || b.commits - a.commits || (a.repo < b.repo ? -1 : 1));
}

/** On a board of several repositories: what each one holds of the contributor's commits and points in the window. */
export function RepositoryShares({ shares }: { shares: RepositoryShare[] }) {
  if (shares.length === 0) return null;
  const total = shares.reduce((sum, s) => sum + s.points, 0);
  return (
    <section className="card contributor-section" aria-labelledby="repo-shares-title" data-testid="repository-shares">
      <h3 id="repo-shares-title" className="card-title">Share per repository</h3>
      <table className="shares-table">
        <thead>
          <tr><th scope="col">Repository</th><th scope="col">Commits</th><th scope="col">Points</th><th scope="col">Share of points</th></tr>
        </thead>
        <tbody>
          {shares.map((s) => (
            <tr key={s.repo} data-testid="repository-share" data-repo={s.repo}>
              <th scope="row">{s.repo}</th>
              <td>{s.commits}</td>
              <td>{formatScore(s.points)}</td>
              <td>{total > 0 ? `${((s.points / total) * 100).toFixed(1)}%` : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
