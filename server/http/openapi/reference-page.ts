import 'server-only';
import { escapeMarkup } from '@/lib/format/markup';

type Json = Record<string, unknown>;

interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
  'x-error-codes': Record<string, { status: number; title: string }>;
}

/** The name of a `#/components/schemas/Name` reference. */
function refName(schema: Json): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined;
}

function schemaLink(name: string): string {
  return `<a href="#schema-${escapeHtml(name)}"><code>${escapeHtml(name)}</code></a>`;
}

function escapeHtml(text: unknown): string {
  return escapeMarkup(String(text));
}

function typeOf(schema: Json): string {
  const name = refName(schema);
  if (name) return name;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' or ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf((schema.items as Json | undefined) ?? {})}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return typeof schema.type === 'string' ? schema.type : 'any';
}

/** Flattens a JSON Schema object into rows of dotted property paths. */
function propertyRows(schema: Json, prefix = ''): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const item = property.type === 'array' ? ((property.items ?? {}) as Json) : property;
    const detail = [
      property.description,
      typeof property.pattern === 'string' && `pattern ${property.pattern}`,
    ]
      .filter(Boolean)
      .join('; ');
    const row = `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(typeOf(property))}</td><td>${
      required.has(name) ? 'yes' : ''
    }</td><td>${escapeHtml(detail)}</td></tr>`;
    return [
      row,
      ...(item.properties ? propertyRows(item, property.type === 'array' ? `${path}[]` : path) : []),
    ];
  });
}

function schemaTable(schema: Json | undefined): string {
  const name = schema && refName(schema);
  if (name) return `<p>See ${schemaLink(name)}.</p>`;
  if (!schema?.properties) return '';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${propertyRows(schema).join('')}</tbody></table>`;
}

/** A request body: per media type (when it is not only JSON), its notes and schema. */
function requestBodySection(requestBody: Json | undefined): string {
  const content = requestBody?.content as Record<string, { schema: Json; description?: string }> | undefined;
  if (!content) return '';
  const types = Object.entries(content);
  const only = types.length === 1 && types[0]![0] === 'application/json' ? types[0]![1] : undefined;
  const describe = (schema: Json) =>
    Array.isArray(schema.oneOf)
      ? `<p>One of ${(schema.oneOf as Json[]).map((option) => schemaLink(refName(option) ?? '?')).join(', ')}.</p>`
      : schemaTable(schema);
  const notes =
    typeof requestBody?.description === 'string' ? `<p>${escapeHtml(requestBody.description)}</p>` : '';
  if (only) return `<h4>Request body</h4>${notes}${describe(only.schema)}`;
  return `<h4>Request body</h4>${notes}<ul>${types
    .map(
      ([type, media]) =>
        `<li><code>${escapeHtml(type)}</code>${media.description ? ` ${escapeHtml(media.description)}` : ''}${describe(media.schema)}</li>`,
    )
    .join('')}</ul>`;
}

function renderOperation(path: string, method: string, operation: Json): string {
  const responses = Object.entries(operation.responses as Record<string, Json>).map(([status, response]) => {
    const content = response.content as Record<string, { schema: Json }> | undefined;
    const json = content?.['application/json']?.schema;
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description)}${schemaTable(json)}</li>`;
  });
  return `<section id="${escapeHtml(operation.operationId)}"><h3><span class="method">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(
    path,
  )}</code></h3><p><strong>${escapeHtml(operation.summary)}.</strong> ${escapeHtml(operation.description)}</p>${requestBodySection(
    operation.requestBody as Json | undefined,
  )}<h4>Responses</h4><ul>${responses.join('')}</ul></section>`;
}

/** The named schemas: description, alternatives, then the property table. */
function renderSchemas(schemas: Record<string, Json>): string {
  return Object.entries(schemas)
    .map(([name, schema]) => {
      const alternatives = Array.isArray(schema.oneOf)
        ? `<p>One of ${(schema.oneOf as Json[]).map((option) => schemaLink(refName(option) ?? '?')).join(', ')}${
            schema.discriminator ? ', told apart by <code>paymentMethodCode</code>' : ''
          }.</p>`
        : '';
      return `<section id="schema-${escapeHtml(name)}"><h3><code>${escapeHtml(name)}</code></h3>${
        typeof schema.description === 'string' ? `<p>${escapeHtml(schema.description)}</p>` : ''
      }${alternatives}${schemaTable(schema)}</section>`;
    })
    .join('');
}

/** A readable API reference rendered on the server from the OpenAPI document: no script, no third party. */
export function renderReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const toc = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${escapeHtml(operation.operationId)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
    )
    .join('');
  const errors = Object.entries(document['x-error-codes'])
    .map(
      ([code, { status, title }]) =>
        `<tr id="error-${escapeHtml(code)}"><td><code>${escapeHtml(code)}</code></td><td>${status}</td><td>${escapeHtml(title)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}
code{font-family:ui-monospace,monospace;font-size:.9em}table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9em}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #ddd;padding-top:.5rem}
.method{background:#0b5;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8em}
</style></head><body><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>
<p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 document</a>.</p>
<h2>Endpoints</h2><ul>${toc}</ul>${operations.map(({ path, method, operation }) => renderOperation(path, method, operation)).join('')}
<h2 id="schemas">Schemas</h2>${renderSchemas(document.components?.schemas ?? {})}
<h2 id="errors">Error codes</h2><p>Every error is <code>application/problem+json</code> (RFC 9457) with <code>status</code>, <code>title</code>,
<code>detail</code>, a stable <code>code</code> and, for validation failures, <code>errors[]</code> of field paths.</p>
<table><thead><tr><th>Code</th><th>Status</th><th>Title</th></tr></thead><tbody>${errors}</tbody></table></body></html>`;
}
