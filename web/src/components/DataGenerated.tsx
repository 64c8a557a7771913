import { useNow } from '../hooks/use-now.js';
import { formatExactTime, formatRelativeTime } from '../lib/relative-time.js';

/** 'Data generated 5 minutes ago', ticking every minute, the exact time as tooltip. */
export function DataGenerated({ lastUpdated }: { lastUpdated: string }) {
  const now = useNow(60_000);
  return (
    <span className="data-generated" data-testid="data-generated">
      Data generated{' '}
      <time dateTime={lastUpdated} title={formatExactTime(lastUpdated)}>
        {formatRelativeTime(lastUpdated, now)}
      </time>
    </span>
  );
}
