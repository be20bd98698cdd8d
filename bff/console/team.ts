import 'server-only';
import type { NextRequest } from 'next/server';
import { isConsoleSameOrigin } from '../requests';
import { ConsoleApi } from './console-api';
import { consoleProblem, relay } from './proxy';
import { currentSession } from './session';

const USER = /^usr_[0-9a-f]{24}$/;
const INVITATION = /^inv_[0-9a-f]{24}$/;

/** The team calls the console makes, a closed list: the API checks the person's role on each. */
function teamPath(method: string, segments: readonly string[]): string | undefined {
  const [first, id, action] = segments;
  if (segments.length === 0 && method === 'GET') return '/console/team';
  if (first === 'settings' && segments.length === 1 && method === 'PATCH')
    return '/console/merchant-settings';
  if (first === 'invitations' && segments.length === 1 && method === 'POST')
    return '/console/team/invitations';
  if (first === 'invitations' && segments.length === 2 && method === 'DELETE' && INVITATION.test(id ?? ''))
    return `/console/team/invitations/${id}`;
  if (first === 'users' && USER.test(id ?? '')) {
    if (segments.length === 2 && method === 'PATCH') return `/console/team/users/${id}`;
    if (segments.length === 3 && method === 'POST' && (action === '!disable' || action === '!end-sessions'))
      return `/console/team/users/${id}/${action}`;
  }
  return undefined;
}

/** /console/bff/team/...: the team page's calls, as the signed-in person. */
export async function teamRoute(request: NextRequest, segments: readonly string[]) {
  const signedIn = await currentSession();
  if (!signedIn) return consoleProblem(401, 'CONSOLE_SIGNED_OUT', 'Sign in to the console again.');
  const path = teamPath(request.method, segments);
  if (!path) return consoleProblem(404, 'NOT_FOUND', 'The console does not offer this call.');
  if (request.method !== 'GET' && !isConsoleSameOrigin(request))
    return consoleProblem(403, 'CROSS_SITE_REFUSED', 'Cross-site request refused.');
  const body: unknown =
    request.method === 'POST' || request.method === 'PATCH'
      ? await request.json().catch(() => ({}))
      : undefined;
  const api = new ConsoleApi(signedIn.session, signedIn.secret);
  return relay(await api.console(request.method as 'GET' | 'POST' | 'PATCH' | 'DELETE', path, body));
}
