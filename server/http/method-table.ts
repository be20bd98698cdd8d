import 'server-only';

/** A route as the method table needs it: its method and its Hono path (below /api). */
export interface RouteShape {
  method: string;
  path: string;
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A path pattern for a Hono route path. `{idPayin}` never starts with "!" (those segments are our
 * actions), so `/payins/!availablePaymentOptions` belongs to its literal route only.
 */
function compileRoutePath(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === ':idPayin') return '(?!!)[^/]+';
      if (segment.startsWith(':')) return '[^/]+';
      return escape(segment);
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Which methods each known path answers, for 405 Method Not Allowed (with Allow) and CORS
 * preflights. Paths are matched as the router sees them (below /api).
 */
export function createMethodTable(routes: readonly RouteShape[]): (path: string) => string[] {
  const compiled = routes.map((route) => ({ method: route.method, pattern: compileRoutePath(route.path) }));
  return (path) => {
    const methods = new Set(compiled.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method));
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => methods.has(method));
  };
}
