/** What {@link sayOnSignal} returns: ending by a signal now, and letting go of the signals. */
export interface SignalExit {
  /** Says the message, lets go of the signals and ends the process by `signal`. */
  exit: (signal: NodeJS.Signals) => void;
  /** Lets go of the signals (the work ended); the process handles them as before. */
  release: () => void;
}

/**
 * Until `release`, SIGINT and SIGTERM end the process as the signal does (exit 130 or 143), but
 * say first, in one line on stderr, what was interrupted and what is kept: it ended without a
 * word. `message` is read when the signal comes, so it can say how far the work got. `sigint`
 * takes Ctrl-C instead (it may call `exit`); `before` runs first (e.g. to end a progress line).
 */
export function sayOnSignal(message: () => string, opts: { sigint?: () => void; before?: () => void } = {}): SignalExit {
  const onSigint = opts.sigint ?? (() => exit('SIGINT'));
  const onSigterm = () => exit('SIGTERM');
  const release = () => {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  };
  const exit = (signal: NodeJS.Signals) => {
    opts.before?.();
    console.error(message());
    release();
    // Raised again with no handler left, the process ends by the signal itself.
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return { exit, release };
}
