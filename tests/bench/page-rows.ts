import { summarizeTimes, type PageTimes } from './page.js';
import type { Report } from './report.js';
import { fmtBytes, fmtMs } from './util.js';

/** The page figures of one data set as rows of the report, with their targets. */
export function pageRows(report: Report, name: string, t: PageTimes, firstRowTarget: boolean): void {
  const S = `page: ${name}`;
  const first = summarizeTimes(t.firstRow);
  const ok = firstRowTarget ? first.median < 1000 : undefined;
  report.add(S, `navigation -> first row painted (median of ${t.firstRow.length} cold loads)`, fmtMs(first.median), firstRowTarget ? '< 1 s' : '(target is for the fixture)', ok);
  report.add(S, '  min / max; row in DOM (median)', `${fmtMs(first.min)} / ${fmtMs(first.max)}; ${fmtMs(summarizeTimes(t.firstRowDom).median)}`);
  const sw = summarizeTimes(t.tabSwitch);
  report.add(S, `tab switch, click -> painted (median of ${t.tabSwitch.length})`, fmtMs(sw.median), '< 100 ms', sw.median < 100);
  report.add(S, '  min / max; re-rendered in DOM (median)', `${fmtMs(sw.min)} / ${fmtMs(sw.max)}; ${fmtMs(summarizeTimes(t.tabSwitchDom).median)}`);
  report.add(S, '  rows in the first weekly table', String(t.rows));
  const rowOf = (label: string, xs: number[]) => {
    if (xs.length === 0) return;
    const m = summarizeTimes(xs);
    report.add(S, `${label} (median of ${xs.length})`, fmtMs(m.median), `< 100 ms; min ${fmtMs(m.min)}, max ${fmtMs(m.max)}`, m.median < 100);
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
