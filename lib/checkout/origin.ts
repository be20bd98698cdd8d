/**
 * The origin the browser used, from the Host header (and the proxy's forwarded headers). Behind our
 * custom server Next's own URL carries the bind address (0.0.0.0), not what the browser sees.
 */
export function requestOrigin(headers: Headers, fallbackProtocol: string): string {
  const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? 'localhost';
  const protocol = headers.get('x-forwarded-proto') ?? fallbackProtocol.replace(/:$/, '');
  return `${protocol}://${host}`;
}
