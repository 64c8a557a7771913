/**
 * Every GraphQL query the activity sync sends, in one place so the unit tests can validate each
 * against GitHub's published schema (`@octokit/graphql-schema`): a misspelt field fails a test,
 * not a user's refresh.
 */

/** Pull requests a page. */
export const PR_PAGE_SIZE = 50;
/** Reviews read with each pull request; more are read with REVIEWS_QUERY, 100 a page. */
export const FIRST_REVIEWS = 50;
/** Commits asked about in one email look-up query (aliases). */
export const EMAILS_PER_QUERY = 100;

// __typename: GraphQL names a bot by its bare login (`coderabbitai`, not `coderabbitai[bot]`).
const REVIEW_FIELDS = `state submittedAt body comments { totalCount } author { __typename login ... on User { name } }`;

const PULL_REQUESTS = `pullRequests(first: ${PR_PAGE_SIZE}, after: $cursor, orderBy: { field: UPDATED_AT, direction: DESC }) {
      pageInfo { hasNextPage endCursor }
      nodes {
        number title url updatedAt
        author { login }
        reviews(first: ${FIRST_REVIEWS}) {
          pageInfo { hasNextPage endCursor }
          nodes { ${REVIEW_FIELDS} }
        }
      }
    }`;

// Every state: a closed issue reopened since must drop out, and only a read of it as OPEN says so.
const CLOSED_ISSUES = `issues(first: ${PR_PAGE_SIZE}, after: $cursor, orderBy: { field: UPDATED_AT, direction: DESC }) {
      pageInfo { hasNextPage endCursor }
      nodes {
        number title url createdAt updatedAt state stateReason
        author { __typename login ... on User { name } }
      }
    }`;

/** Pull requests, most recently updated first, with their first reviews. */
export const PULLS_QUERY = `query Pulls($owner: String!, $name: String!, $cursor: String) {
  rateLimit { remaining resetAt }
  repository(owner: $owner, name: $name) {
    ${PULL_REQUESTS}
  }
}`;

/** The further reviews of one pull request (only when it has more than FIRST_REVIEWS). */
export const REVIEWS_QUERY = `query Reviews($owner: String!, $name: String!, $number: Int!, $cursor: String) {
  rateLimit { remaining resetAt }
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviews(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes { ${REVIEW_FIELDS} }
      }
    }
  }
}`;

/** Issues, most recently updated first (read only when issue reports earn points). */
export const ISSUES_QUERY = `query Issues($owner: String!, $name: String!, $cursor: String) {
  rateLimit { remaining resetAt }
  repository(owner: $owner, name: $name) {
    ${CLOSED_ISSUES}
  }
}`;

/** The first pages of both (`$cursor` null), when issues are read too: a sync with nothing new is one request. */
export const PULLS_AND_ISSUES_QUERY = `query PullsAndIssues($owner: String!, $name: String!, $cursor: String) {
  rateLimit { remaining resetAt }
  repository(owner: $owner, name: $name) {
    ${PULL_REQUESTS}
    ${CLOSED_ISSUES}
  }
}`;

const SHA = /^[0-9a-f]{40}$/;

/**
 * The accounts behind commits: one alias (`c0`, `c1`, ...) per commit sha, up to
 * EMAILS_PER_QUERY. Shas are checked to be hex before they go into the text.
 */
export function commitAuthorsQuery(shas: readonly string[]): string {
  const aliases = shas.map((sha, i) => {
    if (!SHA.test(sha)) throw new Error(`not a commit sha: ${sha}`);
    return `c${i}: object(oid: "${sha}") { ... on Commit { author { email user { login name } } } }`;
  });
  return `query CommitAuthors($owner: String!, $name: String!) {
  rateLimit { remaining resetAt }
  repository(owner: $owner, name: $name) {
    ${aliases.join('\n    ')}
  }
}`;
}
