/**
 * Validation against GitHub's published OpenAPI description (`@octokit/openapi`,
 * api.github.com), so the local GitHub emulator cannot drift from the real API: every body it
 * sends is checked against the schema of that operation and status, and every request body it
 * receives against the operation's request schema.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { PlanCache, type Plan } from './openapi-cache.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface OpenApiDoc {
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, Json>; responses: Record<string, JsonObject> };
}

const SPEC_ID = 'https://github-openapi.test/spec';

// ajv-formats and ajv's standalone are CommonJS; under NodeNext their default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const standaloneCode = (standaloneModule as unknown as { default: (ajv: Ajv, validate: ValidateFunction) => string }).default;

/**
 * OpenAPI 3.0 schema -> JSON Schema for ajv: `nullable` becomes "or null", `oneOf` becomes
 * `anyOf` (GitHub's oneOfs overlap and rely on a discriminator ajv cannot use), annotations
 * are dropped, and `$ref`s point into the registered spec.
 */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'discriminator' || key === 'example' || key === 'examples' || key === 'xml' || key === 'externalDocs' || key === 'nullable' || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = `${SPEC_ID}${value}`;
    else if (key === 'oneOf') out.anyOf = toJsonSchema(value);
    else if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // Property names are not schemas: keep "example" or "nullable" named properties.
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
    } else out[key] = toJsonSchema(value);
  }
  return node.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

/**
 * Validators of the operations the emulator serves, compiled on first use. What a check of one
 * operation and status comes to is kept on disk (support/openapi-cache.ts), so the description is
 * read, and a validator compiled, only by the first test process that needs it.
 */
export class OpenApiValidator {
  private loaded: { doc: OpenApiDoc; ajv: Ajv } | undefined;
  private readonly plans = new PlanCache();

  /** The description and an ajv that knows its schemas, made when a plan is first made. */
  private get spec(): { doc: OpenApiDoc; ajv: Ajv } {
    if (!this.loaded) {
      const require = createRequire(import.meta.url);
      const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
      const doc = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDoc;
      // Standalone code: the validator is kept as text (see openapi-cache.ts); it validates the same.
      const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false, code: { source: true } });
      addFormats(ajv);
      ajv.addSchema({ $id: SPEC_ID, components: { schemas: toJsonSchema(doc.components.schemas) } });
      this.loaded = { doc, ajv };
    }
    return this.loaded;
  }

  /** The operation of `method` on the OpenAPI path template (e.g. `/repos/{owner}/{repo}`); throws if GitHub has none. */
  private operation(template: string, method: string): JsonObject {
    const op = this.spec.doc.paths[template]?.[method.toLowerCase()];
    if (!op) throw new Error(`GitHub's OpenAPI description has no ${method} ${template}`);
    return op;
  }

  /** A `$ref: '#/components/responses/x'` resolved. */
  private resolveResponse(response: Json | undefined): JsonObject | undefined {
    if (!response || typeof response !== 'object' || Array.isArray(response)) return undefined;
    const ref = response.$ref;
    if (typeof ref === 'string') return this.spec.doc.components.responses[ref.split('/').pop() ?? ''];
    return response;
  }

  private compile(schema: Json): Plan {
    const { ajv } = this.spec;
    return { code: standaloneCode(ajv, ajv.compile(toJsonSchema(schema) as JsonObject)) };
  }

  /** `make`'s plan for `key` (an error it throws is the plan too), applied to `body`. */
  private check(key: string, body: unknown, make: () => Plan): string[] {
    const { plan, validate } = this.plans.get(key, () => {
      try {
        return make();
      } catch (err) {
        return { error: (err as Error).message };
      }
    });
    if ('error' in plan) throw new Error(plan.error);
    if ('problem' in plan) return plan.unlessNoBody && body === undefined ? [] : [plan.problem];
    return validate && !validate(body) ? describe(validate) : [];
  }

  /**
   * Problems of a response body for `method template` with `status`, [] when it conforms. An
   * error status GitHub's description does not list for the operation (429, a 401 on some) is
   * checked against its generic `basic-error`; an undocumented success status is a problem.
   */
  validateResponse(template: string, method: string, status: number, body: unknown): string[] {
    return this.check(`res ${method} ${template} ${status}`, body, () => {
      const responses = this.operation(template, method).responses as JsonObject;
      const response = this.resolveResponse(responses[String(status)]);
      if (response) {
        const content = response.content as JsonObject | undefined;
        const schema = (content?.['application/json'] as JsonObject | undefined)?.schema;
        if (schema === undefined) return { problem: `${method} ${template} ${status} has no JSON body in GitHub's description`, unlessNoBody: true };
        return this.compile(schema);
      }
      if (status >= 400) return this.compile({ $ref: '#/components/schemas/basic-error' });
      return { problem: `${method} ${template} does not document status ${status}` };
    });
  }

  /** Problems of a request body for `method template`, [] when it conforms (or the operation takes none). */
  validateRequest(template: string, method: string, body: unknown): string[] {
    return this.check(`req ${method} ${template}`, body, () => {
      const requestBody = this.operation(template, method).requestBody as JsonObject | undefined;
      const schema = ((requestBody?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
      return schema === undefined ? { none: true } : this.compile(schema);
    });
  }
}

function describe(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
