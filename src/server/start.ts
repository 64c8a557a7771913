import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { LeaderboardError } from '../core/errors.js';
import { createApp, type AppDeps } from './app.js';

export interface StartOptions extends AppDeps {
  port: number;
  host: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** What a failure to listen on host:port means to the user. */
function listenError(err: NodeJS.ErrnoException, port: number, host: string): Error {
  if (err.code === 'EADDRINUSE') return new LeaderboardError('PORT_IN_USE', `Port ${port} on ${host} is already in use.`, 'Pass --port N to use another port, or --port 0 to pick a free one.');
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') return new LeaderboardError('INVALID_INPUT', `Cannot listen on ${host}: no such local address.`, 'Pass --host 127.0.0.1 (the default).');
  return err;
}

/**
 * Fails as {@link startServer} would when host:port cannot be listened on: `serve` checks before
 * its first refresh, which can take minutes (and pay an AI provider) before a typo was told.
 */
export async function checkListen(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, port, host)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Listens on host:port (0 picks a free port). A busy port is a PORT_IN_USE error. */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const app = createApp(opts);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(opts.port, opts.host);
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, opts.port, opts.host)));
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host;
  return {
    url: `http://${hostForUrl}:${port}/`,
    port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
