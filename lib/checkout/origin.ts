/**
 * The origin the browser used, from the Host header (and the proxy's forwarded headers). Behind our
 * custom server Next's own URL carries the bind address (0.0.0.0), not what the browser sees.
 */
export function requestOrigin(headers: Headers, fallbackProtocol: string): string {
  const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? 'localhost';
  const protocol = headers.get('x-forwarded-proto') ?? fallbackProtocol.replace(/:$/, '');
  return `${protocol}://${host}`;
}

/** Browsers keep Secure cookies over https, and over http only for loopback hosts (development, tests). */
export function isSecureContext(headers: Headers, fallbackProtocol: string): boolean {
  // The front door (server/http/front-door.ts) validates Host and X-Forwarded-*; stay total anyway.
  const text = requestOrigin(headers, fallbackProtocol);
  const origin = URL.canParse(text) ? new URL(text) : undefined;
  return (
    origin?.protocol === 'https:' ||
    (process.env.PUBLIC_URL ?? '').startsWith('https:') ||
    ['localhost', '127.0.0.1', '[::1]'].includes(origin?.hostname ?? '')
  );
}
