import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import type { ConsoleSessionResource } from '@/lib/api/console-responses';
import { apiRequest } from './console-api';
import type { ConsoleSession } from './person';

export { allows, type ConsoleSession } from './person';

/** The console's session cookie: the server-side session's secret, scoped to the console's pages and BFF. */
export const CONSOLE_COOKIE = 'console_session';
export const CONSOLE_PATH = '/console';
/** How long a sign-in lasts at most (CONSOLE_SESSION_SECS, default 8 hours): the cookie's life. */
export function sessionLifetimeSecs(): number {
  const configured = Number(process.env.CONSOLE_SESSION_SECS);
  return Number.isInteger(configured) && configured >= 60 ? configured : 8 * 3600;
}

/** The cookie's secret, whatever stage its sign-in is at. */
export async function sessionSecret(): Promise<string | undefined> {
  return (await cookies()).get(CONSOLE_COOKIE)?.value || undefined;
}

/**
 * The signed-in session of this request, asked of the API once per request: a session ended
 * anywhere (signed out everywhere, a disabled person, a changed role) is gone at the next page.
 */
export const currentSession = cache(
  async (): Promise<{ session: ConsoleSession; secret: string } | undefined> => {
    const secret = await sessionSecret();
    if (!secret) return undefined;
    const reply = await apiRequest('GET', '/console/session', { token: secret });
    if (reply.status !== 200) return undefined;
    const body = reply.body as ConsoleSessionResource;
    return {
      secret,
      session: {
        idSession: body.idSession,
        merchantCode: body.merchant.merchantCode,
        channelName: body.merchant.channelName,
        isTest: body.merchant.isTest,
        timeZone: body.merchant.timeZone,
        user: body.user,
        permissions: body.permissions,
      },
    };
  },
);
