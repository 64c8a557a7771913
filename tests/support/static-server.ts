import express from 'express';
import { listen } from './http.js';

/** A plain static file server for a published site, as GitHub Pages serves a project: under `/<base>/`. */
export interface StaticServer {
  /** The site's address, ending in `/<base>/`. */
  url: string;
  /** The address under each base, in the order given (the first is `url`): boards of one origin. */
  urls: string[];
  /** Every path requested so far, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/**
 * Serves `dir` under `/<base>/` on loopback, and under each of `alsoAt` too (two boards of one
 * origin, as GitHub Pages serves an owner's project sites); anything else is a 404.
 */
export async function serveStatic(dir: string, base: string, ...alsoAt: string[]): Promise<StaticServer> {
  const requests: string[] = [];
  const app = express();
  app.use((req, _res, next) => {
    requests.push(req.path);
    next();
  });
  for (const at of [base, ...alsoAt]) app.use(`/${at}`, express.static(dir, { index: 'index.html', dotfiles: 'ignore' }));
  const server = await listen(app);
  const urls = [base, ...alsoAt].map((at) => `${server.url}/${at}/`);
  return { url: `${server.url}/${base}/`, urls, requests, close: server.close };
}
