import type { RefreshProgress } from '../core/refresh.js';

/**
 * A one-line progress display for a terminal: commits read, rate and ETA, redrawn at most
 * ten times a second. Off a terminal it prints nothing.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): { update: (p: RefreshProgress) => void; done: () => void } {
  if (!stream.isTTY) return { update: () => undefined, done: () => undefined };
  let started = 0;
  let lastDraw = 0;
  let drawn = false;
  // GitHub is read while git is: its last state rides along on git's lines.
  let github = '';
  const draw = (text: string, withGithub = true) => {
    stream.write(`\r\x1b[2K${text}${withGithub && github ? ` | ${github}` : ''}`);
    drawn = true;
  };
  return {
    update(p) {
      const now = Date.now();
      if (p.phase === 'listing') return draw('Listing commits...');
      if (p.phase === 'writing') return draw('Writing leaderboards...');
      if (p.phase === 'github' && p.github) {
        const g = p.github;
        const left = g.remaining === null ? '' : `, ${g.remaining.toLocaleString('en-US')} requests left`;
        const wait = g.waitSeconds ? ` (rate limit: waiting ${g.waitSeconds}s as GitHub asks)` : '';
        github = `Reading ${g.repository} on GitHub: ${g.pulls.toLocaleString('en-US')} pull requests${left}${wait}`;
        return draw(github, false);
      }
      if (p.phase === 'scoring') {
        if (now - lastDraw < 100 && p.done < p.total) return;
        lastDraw = now;
        const ai = p.ai ? `: ${p.ai.sent} asked, ${p.ai.cached} cached, ${p.ai.failed} failed` : '';
        return draw(`Scoring commits ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}${ai}`);
      }
      if (!started) started = now;
      if (now - lastDraw < 100 && p.done < p.total) return;
      lastDraw = now;
      const elapsed = (now - started) / 1000;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      const eta = rate > 0 ? Math.ceil((p.total - p.done) / rate) : 0;
      draw(`Reading commits ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')} (${Math.round(rate).toLocaleString('en-US')}/s, ETA ${eta}s)`);
    },
    done() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
