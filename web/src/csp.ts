import { z } from 'zod';

// The page runs under a Content-Security-Policy without 'unsafe-eval'. zod would otherwise probe
// `Function('')` on its first parse to pick a faster (generated-code) parser, which the browser
// reports as a CSP violation; its plain parser is fast enough for the page's few responses.
// Imported first by main.tsx, before any module parses anything.
z.config({ jitless: true });
