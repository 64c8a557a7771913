/**
 * The pull request rows of a compact review table (see src/shared/review-rows.ts and the activity
 * file's head): one row per repository, number, title and URL, numbered in the order first met. A
 * pull request retitled between syncs, or a board merged from syncs made apart, gives another row
 * under the same number.
 */
export class PullRows {
  /** repository -> number -> its rows. */
  private readonly byRepo = new Map<string, Map<number, number[]>>();
  private readonly titles: string[] = [];
  private readonly urls: string[] = [];
  private readonly keys: [repo: string, pr: number][] = [];

  /** The row of this pull request: a new one, numbered after the rows so far, when none matches. */
  idOf(repo: string, pr: number, title: string, url: string): number {
    let numbers = this.byRepo.get(repo);
    if (!numbers) this.byRepo.set(repo, (numbers = new Map()));
    let ids = numbers.get(pr);
    if (!ids) numbers.set(pr, (ids = []));
    const found = ids.find((i) => this.titles[i] === title && this.urls[i] === url);
    if (found !== undefined) return found;
    const id = this.titles.length;
    ids.push(id);
    this.titles.push(title);
    this.urls.push(url);
    this.keys.push([repo, pr]);
    return id;
  }

  /** Every row, by its number. */
  rows(): { repo: string; pr: number; title: string; url: string }[] {
    return this.keys.map(([repo, pr], id) => ({ repo, pr, title: this.titles[id] as string, url: this.urls[id] as string }));
  }
}
