import { describe, expect, it } from 'vitest';
import { withoutUrlCredentials } from '../../src/core/errors.js';

describe('withoutUrlCredentials', () => {
  it('leaves out the user name and password of every URL in a text, and nothing else', () => {
    expect(withoutUrlCredentials("git clone --mirror -- https://x-access-token:ghp_abc@github.com/o/r.git /tmp/r failed: fatal: unable to access 'https://bot:tok@host/r/'"))
      .toBe("git clone --mirror -- https://github.com/o/r.git /tmp/r failed: fatal: unable to access 'https://host/r/'");
    expect(withoutUrlCredentials('ssh://git@example.com:2222/o/r.git and http://user@host/x')).toBe('ssh://example.com:2222/o/r.git and http://host/x');
    expect(withoutUrlCredentials('git@github.com:o/r.git, ann@example.com, https://github.com/o/r')).toBe('git@github.com:o/r.git, ann@example.com, https://github.com/o/r');
  });
});

describe('the AI line at the start of a refresh or serve', () => {
  it('names the server without its query string, which may hold a key', async () => {
    const { describeAi } = await import('../../src/cli/ai-options.js');
    const line = describeAi({ provider: 'openai', model: 'm', baseUrl: 'http://gw.example/v1?api-key=QSECRET123', concurrency: 4, timeoutMs: 1000 });
    expect(line).toBe('AI part: openai:m at http://gw.example/v1?[redacted], 4 requests at a time.');
  });
});
