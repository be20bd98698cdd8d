import 'server-only';
import type { NextRequest } from 'next/server';
import { callbackDeliveryPageSchema, callbackSigningSecretSchema } from '@/lib/api/callback-responses';
import {
  callbackLogFilters,
  callbackLogQuery,
  type CallbackLogFilters,
  type CallbackLogPage,
} from '@/lib/console/callback-log';
import { ConsoleApi, type ApiReply } from './console-api';
import { consoleProblem, relay } from './proxy';
import { currentSession } from './session';
import { verifyLoggedSignature } from './signatures';

/** The merchant's callback secret, kept a minute in this process's memory (never sent to the browser here). */
const SECRET_TTL_MS = 60_000;
const MAX_CACHED = 1000;
const secrets = new Map<string, { secret: string; until: number }>();

async function signingSecret(api: ConsoleApi): Promise<string | undefined> {
  const cached = secrets.get(api.merchantCode);
  if (cached && cached.until > Date.now()) return cached.secret;
  const reply = await api.call('GET', '/callbacks/signing-secret');
  const parsed = callbackSigningSecretSchema.safeParse(reply.body);
  if (reply.status !== 200 || !parsed.success) return undefined;
  if (secrets.size >= MAX_CACHED) secrets.delete(secrets.keys().next().value as string);
  secrets.set(api.merchantCode, { secret: parsed.data.secret, until: Date.now() + SECRET_TTL_MS });
  return parsed.data.secret;
}

/**
 * A page of the merchant's callback deliveries (GET /callbacks), each attempt with the console's
 * verdict on its signature: recomputed here with the merchant's secret, so the browser learns
 * whether it verifies without ever holding the secret.
 */
export async function loadCallbackLog(
  api: ConsoleApi,
  filters: CallbackLogFilters,
): Promise<{ page: CallbackLogPage } | { failure: ApiReply }> {
  const reply = await api.call('GET', `/callbacks?${callbackLogQuery(filters)}`);
  const parsed = callbackDeliveryPageSchema.safeParse(reply.body);
  if (reply.status !== 200) return { failure: reply };
  // An answer of another shape is the API's fault, not the merchant's: a 502, never passed on.
  if (!parsed.success) return { failure: { status: 502, body: undefined, unreachable: true } };
  const secret = await signingSecret(api);
  return {
    page: {
      ...parsed.data,
      data: parsed.data.data.map((delivery) => ({
        ...delivery,
        attempts: delivery.attempts.map((attempt) => {
          const verdict =
            secret && attempt.requestHeaders
              ? verifyLoggedSignature({ secret, headers: attempt.requestHeaders, payload: delivery.payload })
              : undefined;
          return verdict === undefined ? attempt : { ...attempt, signatureVerified: verdict };
        }),
      })),
    },
  };
}

/** GET /console/bff/callbacks: the log page for the console's live view. */
export async function callbackLogRoute(request: NextRequest) {
  const signedIn = await currentSession();
  if (!signedIn) return consoleProblem(401, 'CONSOLE_SIGNED_OUT', 'Sign in to the console again.');
  const api = new ConsoleApi(signedIn.session, signedIn.secret);
  const result = await loadCallbackLog(api, callbackLogFilters(request.nextUrl.searchParams));
  if ('failure' in result) return relay(result.failure);
  return relay({ status: 200, body: result.page });
}
