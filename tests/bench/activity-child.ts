/**
 * One activity sync in its own process, so its peak RSS is the sync's alone (the emulator runs in
 * the bench's process). Usage: node --import tsx activity-child.ts <apiUrl> <cacheFile> <emailsJson>
 * Prints one JSON line: { requests, pulls, changed, ms, maxRssKb }.
 */
import { readFile } from 'node:fs/promises';
import { ActivityCache } from '../../src/core/github/activity/cache.js';
import { syncActivity } from '../../src/core/github/activity/sync.js';
import { createGitHubClient } from '../../src/core/github/client.js';
import { GQL_TOKEN } from '../support/github-graphql-emulator.js';

const [apiUrl, file, emailsFile] = process.argv.slice(2) as [string, string, string];
const emails = new Map<string, string>(JSON.parse(await readFile(emailsFile, 'utf8')) as [string, string][]);
const started = performance.now();
const cache = await ActivityCache.load(file);
const client = createGitHubClient(apiUrl, GQL_TOKEN, { writeSpacingMs: 0 });
const r = await syncActivity({ client, apiUrl, repository: 'acme/widgets', cache, windowStart: '2025-01-01T00:00:00Z', issues: false, commitsByEmail: emails });
process.stdout.write(`${JSON.stringify({ requests: r.requests, pulls: r.pulls, changed: r.changed, ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS })}\n`);
