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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface OpenApiDoc {
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, Json>; responses: Record<string, JsonObject> };
}

const SPEC_ID = 'https://github-openapi.test/spec';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

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

/** Validators of the operations the emulator serves, compiled on first use. */
export class OpenApiValidator {
  private readonly doc: OpenApiDoc;
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction | null>();

  constructor() {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
    this.doc = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDoc;
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: SPEC_ID, components: { schemas: toJsonSchema(this.doc.components.schemas) } });
  }

  /** The operation of `method` on the OpenAPI path template (e.g. `/repos/{owner}/{repo}`); throws if GitHub has none. */
  private operation(template: string, method: string): JsonObject {
    const op = this.doc.paths[template]?.[method.toLowerCase()];
    if (!op) throw new Error(`GitHub's OpenAPI description has no ${method} ${template}`);
    return op;
  }

  /** A `$ref: '#/components/responses/x'` resolved. */
  private resolveResponse(response: Json | undefined): JsonObject | undefined {
    if (!response || typeof response !== 'object' || Array.isArray(response)) return undefined;
    const ref = response.$ref;
    if (typeof ref === 'string') return this.doc.components.responses[ref.split('/').pop() ?? ''];
    return response;
  }

  private compile(key: string, schema: Json | undefined): ValidateFunction | null {
    if (!this.cache.has(key)) this.cache.set(key, schema === undefined ? null : this.ajv.compile(toJsonSchema(schema) as JsonObject));
    return this.cache.get(key) ?? null;
  }

  /**
   * Problems of a response body for `method template` with `status`, [] when it conforms. An
   * error status GitHub's description does not list for the operation (429, a 401 on some) is
   * checked against its generic `basic-error`; an undocumented success status is a problem.
   */
  validateResponse(template: string, method: string, status: number, body: unknown): string[] {
    const responses = this.operation(template, method).responses as JsonObject;
    const response = this.resolveResponse(responses[String(status)]);
    let schema: Json | undefined;
    if (response) {
      const content = response.content as JsonObject | undefined;
      schema = (content?.['application/json'] as JsonObject | undefined)?.schema;
      if (schema === undefined) {
        return body === undefined ? [] : [`${method} ${template} ${status} has no JSON body in GitHub's description`];
      }
    } else if (status >= 400) {
      schema = { $ref: '#/components/schemas/basic-error' };
    } else {
      return [`${method} ${template} does not document status ${status}`];
    }
    const validate = this.compile(`res ${method} ${template} ${response ? status : 'error'}`, schema);
    return validate && !validate(body) ? describe(validate) : [];
  }

  /** Problems of a request body for `method template`, [] when it conforms (or the operation takes none). */
  validateRequest(template: string, method: string, body: unknown): string[] {
    const requestBody = this.operation(template, method).requestBody as JsonObject | undefined;
    const schema = ((requestBody?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
    if (schema === undefined) return [];
    const validate = this.compile(`req ${method} ${template}`, schema);
    return validate && !validate(body) ? describe(validate) : [];
  }
}

function describe(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}
