import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** Listens on host:port (0 picks a free port). A busy port is a PORT_IN_USE error. */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const app = createApp(opts);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(opts.port, opts.host);
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(new LeaderboardError('PORT_IN_USE', `Port ${opts.port} on ${opts.host} is already in use.`, 'Pass --port N to use another port, or --port 0 to pick a free one.'));
      } else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        reject(new LeaderboardError('INVALID_INPUT', `Cannot listen on ${opts.host}: no such local address.`, 'Pass --host 127.0.0.1 (the default).'));
      } else reject(err);
    });
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
