import { createHash } from 'node:crypto';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The parts of the OpenAPI document the conformance check reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: { pattern?: string } }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

/**
 * An Ajv for the document: JSON Schema 2020-12 as OpenAPI 3.1 writes it. Money states decimals as
 * `multipleOf` (0.01), which binary floats misjudge (10.12 / 0.01 = 1011.9999999999999): a
 * tolerance of 1e-9 accepts those and still refuses THB 10.123 (docs/decisions/031).
 */
export function openApiAjv(document: object): Ajv2020 {
  // Ajv reads oneOf; it has no use for OpenAPI's discriminator mapping (tests/api/openapi.test.ts checks it).
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  return ajv;
}

/** A JSON pointer into the document as a URI fragment Ajv resolves ("/paths/~1payins~1%7BidPayin%7D/…"). */
export function documentPointer(...segments: string[]): string {
  return `openapi.json#${segments
    .map((segment) => `/${encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))}`)
    .join('')}`;
}

/** What the check needs of a response (ApiResponse has it). */
export interface CheckedResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/** An operation of the document and the path template it answers. */
interface Found {
  template: string;
  operation: OpenApiOperation;
}

/**
 * The document of one server, compiled once per distinct document (several servers of one test
 * file share it): validators are compiled on first use, per response schema.
 */
export class OpenApiConformance {
  private static readonly compiled = new Map<string, OpenApiConformance>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; segments: string[] }[];

  private constructor(readonly document: OpenApiDocument) {
    this.ajv = openApiAjv(document);
    // Literal segments win over parameters (/payins/!availablePaymentOptions over /payins/{idPayin}).
    this.templates = Object.keys(document.paths)
      .map((template) => ({ template, segments: template.split('/').slice(1) }))
      .sort(
        (a, b) =>
          b.segments.filter((s) => !s.startsWith('{')).length -
          a.segments.filter((s) => !s.startsWith('{')).length,
      );
  }

  /** The conformance check of the document served as `text`. */
  static of(text: string): OpenApiConformance {
    const key = createHash('sha256').update(text).digest('hex');
    let found = OpenApiConformance.compiled.get(key);
    if (!found) {
      found = new OpenApiConformance(JSON.parse(text) as OpenApiDocument);
      OpenApiConformance.compiled.set(key, found);
    }
    return found;
  }

  /**
   * The operation `method` `apiPath` (below /api, without query) is answered by, if documented:
   * `outside` when a path parameter is not what its schema allows (an "!action" is no idPayin).
   */
  operation(method: string, apiPath: string): (Found & { outside: boolean }) | undefined {
    const segments = apiPath.split('/').slice(1);
    const lower = method.toLowerCase();
    let loose: Found | undefined;
    for (const { template, segments: pattern } of this.templates) {
      const operation = this.document.paths[template]![lower];
      if (!operation || pattern.length !== segments.length) continue;
      let conforming = true;
      const matches = pattern.every((part, index) => {
        const segment = safeDecode(segments[index]!);
        if (!part.startsWith('{')) return part === segments[index] || part === segment;
        const parameter = operation.parameters?.find(
          (candidate) => candidate.in === 'path' && `{${candidate.name}}` === part,
        );
        const regex = parameter?.schema?.pattern;
        if (regex !== undefined && !new RegExp(regex, 'u').test(segment)) conforming = false;
        return segment !== '';
      });
      if (matches && conforming) return { template, operation, outside: false };
      if (matches) loose ??= { template, operation };
    }
    return loose && { ...loose, outside: true };
  }

  /** A validator for a schema of the document at `pointer` (documentPointer). */
  validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(pointer);
      if (!validate) throw new Error(`No schema at ${pointer}.`);
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /**
   * Problems of a response against the document, or none: its status is documented for the
   * operation, its media type is one documented for that status, and a JSON body matches the schema
   * (a problem's code among those the document lists for the status). Requests no operation answers
   * (an unknown path, a method the path has not) must be answered with a Problem, checked against
   * the document's Problem schema.
   */
  problems(method: string, apiPath: string, response: CheckedResponse): string[] {
    const found = this.operation(method === 'HEAD' ? 'GET' : method, apiPath);
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!found || found.outside) {
      // A request the document does not describe: 404 or 405 for an unknown path or method, any
      // 4xx for a path parameter its schema refuses; always a Problem.
      const refused = found
        ? response.status >= 400 && response.status < 500
        : [404, 405].includes(response.status);
      if (!refused)
        return [
          `${found ? 'a path parameter the document refuses' : 'no documented operation'}, yet the status is ${response.status}`,
        ];
      return this.bodyProblems(
        documentPointer('components', 'schemas', 'Problem'),
        mediaType,
        'application/problem+json',
        response,
      );
    }
    const { template, operation } = found;
    const status = String(response.status);
    const documented =
      operation.responses[status] !== undefined
        ? status
        : operation.responses[`${status[0]}XX`] !== undefined
          ? `${status[0]}XX`
          : operation.responses.default !== undefined
            ? 'default'
            : undefined;
    if (documented === undefined)
      return [
        `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
      ];
    const content = operation.responses[documented]!.content;
    // HEAD answers carry a GET's headers and no body.
    if (method === 'HEAD') return [];
    if (!content) return response.text === '' ? [] : [`status ${status} documents no body, yet one came`];
    const documentedType = Object.keys(content).find((type) => mediaTypeMatches(type, mediaType));
    if (documentedType === undefined)
      return [
        `content-type "${mediaType}" is not documented for ${status} (documented: ${Object.keys(content).join(', ')})`,
      ];
    return this.bodyProblems(
      documentPointer(
        'paths',
        template,
        method.toLowerCase(),
        'responses',
        documented,
        'content',
        documentedType,
        'schema',
      ),
      mediaType,
      documentedType,
      response,
    );
  }

  private bodyProblems(
    pointer: string,
    mediaType: string,
    expectedType: string,
    response: CheckedResponse,
  ): string[] {
    if (!mediaTypeMatches(expectedType, mediaType))
      return [`content-type "${mediaType}" where ${expectedType} is documented`];
    // Only JSON bodies have a schema to hold them to (a CSV or HTML body is checked by its media type).
    if (!JSON_MEDIA_TYPE.test(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return [`the ${mediaType} body is not JSON`];
    }
    const validate = this.validator(pointer);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(describe);
  }
}

function describe(error: ErrorObject): string {
  return `${error.instancePath || '(body)'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)} (${error.schemaPath})`;
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  if (documented === '*/*' || documented === actual) return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
