import { schema } from '@octokit/graphql-schema';
import { buildClientSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import * as queries from '../../../src/core/github/activity/queries.js';

let github: GraphQLSchema;
beforeAll(() => {
  // The JSON introspection, not the IDL: the published IDL defines some fields twice, which buildSchema refuses.
  github = buildClientSchema(schema.json as unknown as Parameters<typeof buildClientSchema>[0]);
});

const errorsOf = (text: string): string[] => validate(github, parse(text)).map((e) => e.message);

// Every string export of queries.ts, and the query builders with 1 and a full batch of arguments:
// a query added there is validated here without touching this file.
const texts = (): [string, string][] => {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(queries)) {
    if (typeof value === 'string') out.push([name, value]);
    if (typeof value === 'function') {
      const sha = (i: number) => i.toString(16).padStart(40, 'a');
      out.push([`${name}(1)`, (value as (a: string[]) => string)([sha(1)])]);
      out.push([`${name}(100)`, (value as (a: string[]) => string)(Array.from({ length: queries.EMAILS_PER_QUERY }, (_, i) => sha(i)))]);
    }
  }
  return out;
};

describe("queries.ts against GitHub's published GraphQL schema", () => {
  it('finds the query texts (a query moved out of queries.ts would not be validated)', () => {
    expect(texts().map(([n]) => n).sort()).toEqual(['ISSUES_QUERY', 'PULLS_AND_ISSUES_QUERY', 'PULLS_QUERY', 'REVIEWS_QUERY', 'commitAuthorsQuery(1)', 'commitAuthorsQuery(100)'].sort());
  });

  it.each(texts())('%s is valid', (_name, text) => {
    expect(errorsOf(text)).toEqual([]);
  });

  it('rejects a misspelt field, so the test above can fail', () => {
    const typo = queries.PULLS_QUERY.replace('submittedAt', 'submitedAt');
    expect(errorsOf(typo).join('\n')).toMatch(/submitedAt/);
  });

  it('asks for 50 pull requests a page, newest update first, with rateLimit', () => {
    expect(queries.PULLS_QUERY).toMatch(/pullRequests\(first: 50, after: \$cursor, orderBy: \{ field: UPDATED_AT, direction: DESC \}\)/);
    expect(queries.PULLS_QUERY).toContain('rateLimit { remaining resetAt }');
  });

  it('refuses a non-sha in the commit look-up (no injection into the query text)', () => {
    expect(() => queries.commitAuthorsQuery(['") { x }'])).toThrow(/not a commit sha/);
  });
});
