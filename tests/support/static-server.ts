import express from 'express';
import { listen } from './http.js';

/** A plain static file server for a published site, as GitHub Pages serves a project: under `/<base>/`. */
export interface StaticServer {
  /** The site's address, ending in `/<base>/`. */
  url: string;
  /** Every path requested so far, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/** Serves `dir` under `/<base>/` on loopback; anything else is a 404. */
export async function serveStatic(dir: string, base: string): Promise<StaticServer> {
  const requests: string[] = [];
  const app = express();
  app.use((req, _res, next) => {
    requests.push(req.path);
    next();
  });
  app.use(`/${base}`, express.static(dir, { index: 'index.html', dotfiles: 'ignore' }));
  const server = await listen(app);
  return { url: `${server.url}/${base}/`, requests, close: server.close };
}
