import 'server-only';
import type { CompiledQuery, DatabaseConnection, Dialect } from 'kysely';
import { inSpan, inTrace, isTracing, SpanKind, type Attributes } from './spans';

const TRACED = Symbol('traced');

/** A node of Kysely's query tree, read loosely: only the kind and the table names matter here. */
type Node = { kind?: unknown; [key: string]: unknown } | undefined;

/** The first table a query names (FROM, INTO, UPDATE), through aliases. */
function tableOf(node: Node): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  switch (node.kind) {
    case 'TableNode': {
      const name = (node.table as { identifier?: { name?: unknown } } | undefined)?.identifier?.name;
      return typeof name === 'string' ? name : undefined;
    }
    case 'AliasNode':
      return tableOf(node.node as Node);
    case 'FromNode':
      return tableOf((node.froms as Node[] | undefined)?.[0]);
    case 'SelectQueryNode':
    case 'DeleteQueryNode':
      return tableOf(node.from as Node);
    case 'InsertQueryNode':
      return tableOf(node.into as Node);
    case 'UpdateQueryNode':
      return tableOf(node.table as Node);
    case 'MergeQueryNode':
      return tableOf(node.into as Node);
    default:
      return undefined;
  }
}

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
};

/**
 * What a span tells of a query: its operation and first table (`SELECT payins`), or for raw SQL its
 * first keyword (`BEGIN`, `SELECT`). Never the SQL text's values nor the parameters
 * (docs/decisions/048).
 */
export function describeQuery(query: Pick<CompiledQuery, 'query' | 'sql'>): {
  operation: string;
  table: string | undefined;
  summary: string;
} {
  const node = query.query as Node;
  const kind = typeof node?.kind === 'string' ? node.kind : '';
  const operation = OPERATIONS[kind] ?? (/^\s*([A-Za-z]+)/.exec(query.sql)?.[1]?.toUpperCase() || 'QUERY');
  const table = tableOf(node);
  return { operation, table, summary: table ? `${operation} ${table}` : operation };
}

function traceConnection(connection: DatabaseConnection, driver: string): DatabaseConnection {
  const marked = connection as DatabaseConnection & { [TRACED]?: true };
  if (marked[TRACED]) return connection;
  const execute = connection.executeQuery.bind(connection);
  marked.executeQuery = (query) => {
    // Only inside a trace: the background workers' polls would otherwise flood the backend.
    if (!inTrace()) return execute(query);
    const { operation, table, summary } = describeQuery(query);
    const attributes: Attributes = {
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.summary': summary,
      'payin.db.driver': driver,
    };
    if (table) attributes['db.collection.name'] = table;
    return inSpan(summary, { kind: SpanKind.CLIENT, attributes }, () => execute(query));
  };
  marked[TRACED] = true;
  return connection;
}

/**
 * The dialect with a client span around each query its connections run, on PostgreSQL and PGlite
 * alike (both go through Kysely's PostgresDialect), when the query runs inside another span (a
 * request, a callback attempt, a reconciliation): polls of the background workers make none. Connections handed out while tracing is off are
 * left as they are: the hot path pays one boolean test per connection.
 */
export function traceDialect(dialect: Dialect, driver: 'pg' | 'pglite'): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const inner = dialect.createDriver();
      const acquire = inner.acquireConnection.bind(inner);
      inner.acquireConnection = () =>
        isTracing() ? acquire().then((connection) => traceConnection(connection, driver)) : acquire();
      return inner;
    },
  };
}
