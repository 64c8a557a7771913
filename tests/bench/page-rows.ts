import { summarizeTimes, type PageTimes } from './page.js';
import type { Report } from './report.js';
import { fmtBytes, fmtMs } from './util.js';

/** Page targets: the spec's (first row < 1 s, interactions < 100 ms) and #24's for the large boards. */
export interface PageTargets {
  firstRowMs: number;
  interactionMs: number;
}
export const PAGE_TARGETS: PageTargets = { firstRowMs: 1000, interactionMs: 100 };
export const LARGE_PAGE_TARGETS: PageTargets = { firstRowMs: 500, interactionMs: 50 };

/** The page figures of one data set as rows of the report, with their targets (none for the first row when null). */
export function pageRows(report: Report, name: string, t: PageTimes, targets: PageTargets | null): void {
  const S = `page: ${name}`;
  const first = summarizeTimes(t.firstRow);
  const limits = targets ?? PAGE_TARGETS;
  const ok = targets ? first.median < targets.firstRowMs : undefined;
  report.add(S, `navigation -> first row painted (median of ${t.firstRow.length} cold loads)`, fmtMs(first.median), targets ? `< ${targets.firstRowMs % 1000 === 0 ? `${targets.firstRowMs / 1000} s` : `${targets.firstRowMs} ms`}` : '(target is for the fixture)', ok);
  report.add(S, '  min / max; row in DOM (median)', `${fmtMs(first.min)} / ${fmtMs(first.max)}; ${fmtMs(summarizeTimes(t.firstRowDom).median)}`);
  const sw = summarizeTimes(t.tabSwitch);
  report.add(S, `tab switch, click -> painted (median of ${t.tabSwitch.length})`, fmtMs(sw.median), `< ${limits.interactionMs} ms`, sw.median < limits.interactionMs);
  report.add(S, '  min / max; re-rendered in DOM (median)', `${fmtMs(sw.min)} / ${fmtMs(sw.max)}; ${fmtMs(summarizeTimes(t.tabSwitchDom).median)}`);
  report.add(S, '  rows in the first weekly table', String(t.rows));
  const rowOf = (label: string, xs: number[]) => {
    if (xs.length === 0) return;
    const m = summarizeTimes(xs);
    report.add(S, `${label} (median of ${xs.length})`, fmtMs(m.median), `< ${limits.interactionMs} ms; min ${fmtMs(m.min)}, max ${fmtMs(m.max)}`, m.median < limits.interactionMs);
  };
  rowOf('period change (dropdown, oldest last), -> painted', t.periodChange);
  rowOf('open a row, click -> its commits painted', t.openRow);
  rowOf('hide / show a contributor, click -> painted', t.hide);
  if (t.contributorPage.length > 0) {
    const c = summarizeTimes(t.contributorPage);
    report.add(S, `busiest contributor's page, open -> commits and chart painted (median of ${t.contributorPage.length})`, fmtMs(c.median),
      `< 1 s; min ${fmtMs(c.min)}, max ${fmtMs(c.max)} (the first loads the chart code)`, c.median < 1000);
  }
  if (Number.isFinite(t.heapBytes)) report.add(S, 'JS heap after load (after a GC)', fmtBytes(t.heapBytes), '< 150 MB', t.heapBytes < 150 * 1024 * 1024);
}
