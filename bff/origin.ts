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

/** This service's public origin (PUBLIC_URL, as the API builds its links with it). */
export function publicOrigin(): string {
  const configured = process.env.PUBLIC_URL;
  return new URL(
    configured && URL.canParse(configured) ? configured : `http://localhost:${process.env.PORT ?? '3000'}`,
  ).origin;
}

/**
 * A link of this service (the sandbox institution behind redirectTo) made relative, so the customer
 * stays on the host they opened the page on (a LAN address on a phone, 127.0.0.1): their session
 * cookie lives there. Links elsewhere (a real bank) stay as they are.
 */
export function onCustomerHost(link: string): string {
  if (!URL.canParse(link)) return link;
  const url = new URL(link);
  return url.origin === publicOrigin() ? `${url.pathname}${url.search}${url.hash}` : link;
}
