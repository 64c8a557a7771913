/**
 * Where a cold load's time goes, as a timeline: serves a data directory, records a Chromium trace
 * (CDP Tracing, devtools.timeline) from navigation to the first ranking row painted, and prints
 * the main thread's top-level tasks over 2 ms (script evaluation, parsing, style, layout, paint)
 * with their start since navigation, then the requests (sent, response, finished). Usage:
 *   node --import tsx tests/bench/trace-page.ts DATA_DIR [QUERY] [OUT.json]
 */
import { writeFile } from 'node:fs/promises';
import { launchBrowser } from '../support/browser.js';
import { serve } from './page.js';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { url?: string; functionName?: string; requestId?: string } } }

const [dataDir, query = '', out = '/tmp/page-trace.json'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: trace-page.ts DATA_DIR [QUERY] [OUT]');
const server = await serve(dataDir, [], process.env.PAGE_BIN); // PAGE_BIN: another build's CLI
const { browser, close } = await launchBrowser();
try {
  // A first load warms the server (its gzip of the index is made once) as the bench's later loads find it.
  const warm = await browser.newContext();
  await (await warm.newPage()).goto(server.url + query);
  await warm.close();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as TraceEvent[])); });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,blink.user_timing,loading', transferMode: 'ReportEvents' });
  await page.goto(server.url + query, { waitUntil: 'commit' });
  await page.getByTestId('leaderboard-row').first().waitFor({ timeout: 60_000 });
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
  await cdp.send('Tracing.end');
  await done;
  await writeFile(out, JSON.stringify(events));
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart' || e.name === 'markAsMainFrame') ?? events.reduce((a, b) => (a.ts < b.ts ? a : b));
  const main = events.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ph === 'X' && (e.dur ?? 0) > 2000);
  const mainTid = new Map<string, number>();
  for (const e of main) mainTid.set(`${e.pid}:${e.tid}`, (mainTid.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const [busiest] = [...mainTid].sort((a, b) => b[1] - a[1])[0] ?? [''];
  const kinds = new Set(['EvaluateScript', 'v8.compile', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseAuthorStyleSheet', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.run', 'ResourceReceivedData', 'RunMicrotasks', 'MajorGC', 'MinorGC', 'V8.GCScavenger']);
  for (const task of main.filter((e) => `${e.pid}:${e.tid}` === busiest).sort((a, b) => a.ts - b.ts)) {
    const inner = events.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && kinds.has(e.name) && (e.dur ?? 0) > 1500);
    const what = inner.map((e) => `${e.name}${e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', ');
    process.stdout.write(`${((task.ts - nav.ts) / 1000).toFixed(0).padStart(6)} ms  task ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms: ${what}\n`);
  }
  const requests = new Map<string, { url: string; send: number; response?: number; finish?: number }>();
  const since = (e: TraceEvent) => (e.ts - nav.ts) / 1000;
  for (const e of events) {
    const d = e.args?.data as { requestId?: string; url?: string } | undefined;
    if (!d?.requestId) continue;
    if (e.name === 'ResourceSendRequest') requests.set(d.requestId, { url: d.url ?? '', send: since(e) });
    const r = requests.get(d.requestId);
    if (r && e.name === 'ResourceReceiveResponse') r.response = since(e);
    if (r && e.name === 'ResourceFinish') r.finish = since(e);
  }
  for (const r of requests.values()) process.stdout.write(`request ${r.url.split('/').pop()}: sent ${r.send.toFixed(0)}, response ${r.response?.toFixed(0)}, done ${r.finish?.toFixed(0)} ms\n`);
} finally {
  await close();
  await server.stop();
}
