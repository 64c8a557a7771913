import type { StatusFile } from '../../../src/shared/status-file.js';
import { aiPartialNote } from '../lib/format.js';
import { formatExactTime, formatRelativeTime } from '../lib/relative-time.js';
import { useNow } from '../hooks/use-now.js';

/**
 * The auto-refresh outcome: green 'Live updates every 15min' after a successful refresh, red
 * 'Auto-refresh error' (the error as tooltip) after a failed one, nothing without a status file.
 * A published site says when its data was published instead. When the AI step of that refresh
 * did not finish, an orange 'AI scoring partial: ...' follows.
 */
export function RefreshStatus({ status, published = false }: { status: StatusFile | null; published?: boolean }) {
  if (!status) return null;
  if (published) return <PublishedStatus timestamp={status.timestamp} />;
  const partial = aiPartialNote(status.ai);
  const aiPartial = partial && (
    <span className="refresh-status refresh-status-partial" data-testid="ai-partial-status" title={partial.title}>
      <span className="status-dot" aria-hidden="true" />
      {partial.text}
    </span>
  );
  if (status.success) {
    return (
      <>
        <span className="refresh-status refresh-status-ok" data-testid="refresh-status" data-state="ok"
          title={`Last refresh: ${formatExactTime(status.timestamp)}`}>
          <span className="status-dot" aria-hidden="true" />
          Live updates every 15min
        </span>
        {aiPartial}
      </>
    );
  }
  return (
    <>
      <span className="refresh-status refresh-status-error" data-testid="refresh-status" data-state="error"
        title={status.error ?? 'The last auto-refresh failed'}>
        <span className="status-dot" aria-hidden="true" />
        Auto-refresh error
      </span>
      {aiPartial}
    </>
  );
}

/** 'Published 3 hours ago' on a static site, ticking every minute, the exact time as tooltip. */
function PublishedStatus({ timestamp }: { timestamp: string }) {
  const now = useNow(60_000);
  return (
    <span className="refresh-status refresh-status-ok" data-testid="refresh-status" data-state="published"
      title={`Published ${formatExactTime(timestamp)}`}>
      <span className="status-dot" aria-hidden="true" />
      Published <time dateTime={timestamp}>{formatRelativeTime(timestamp, now)}</time>
    </span>
  );
}
