import 'server-only';
import { headers } from 'next/headers';
import type { NextRequest, NextResponse } from 'next/server';
import {
  operatorMerchantListSchema,
  operatorMerchantSchema,
  type OperatorMerchantResource,
} from '@/lib/api/operator-responses';
import { MERCHANT_CODE_PATTERN } from '@/lib/schemas/primitives';
import { isConsoleSameOrigin } from '../requests';
import { apiRequest, type ApiReply } from './console-api';
import { consoleProblem, relay } from './proxy';
import { currentOperatorKey, withoutOperatorKey } from './operator-session';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** An account id as the API takes it in a path (server/http/routes/operator.routes.ts). */
const ACCOUNT_ID = /^[a-z0-9-]{1,40}$/;
/** The largest body the operator section forwards: a merchant with its accounts fits many times. */
const MAX_BODY_CHARS = 64 * 1024;

/**
 * One call to the operator API (docs/decisions/035) with the operator's key, on behalf of the
 * browser's address (a wrong key counts against it). Never from the browser: the API refuses any
 * request with an Origin, and this one carries none.
 */
export function operatorRequest(input: {
  key: string;
  method: Method;
  path: `/operator/${string}`;
  body?: unknown;
  forwardedFor?: string | undefined;
}): Promise<ApiReply> {
  return apiRequest(input.method, input.path, {
    token: input.key,
    body: input.body,
    forwardedFor: input.forwardedFor,
  });
}

/** The API path of a merchant, or undefined when the code cannot be one. */
export function merchantPath(code: string): `/operator/merchants/${string}` | undefined {
  return MERCHANT_CODE_PATTERN.test(code) ? `/operator/merchants/${encodeURIComponent(code)}` : undefined;
}

/** A page's reading: the parsed resource, or the API's refusal. */
export type Loaded<T> = { data: T } | { failure: ApiReply };

async function load<T>(
  key: string,
  path: `/operator/${string}`,
  parse: (body: unknown) => T | undefined,
): Promise<Loaded<T>> {
  const reply = await operatorRequest({
    key,
    method: 'GET',
    path,
    forwardedFor: (await headers()).get('x-forwarded-for') ?? undefined,
  });
  const data = reply.status === 200 ? parse(reply.body) : undefined;
  return data === undefined ? { failure: reply } : { data };
}

/** Every merchant of this instance, by code. */
export function loadOperatorMerchants(key: string): Promise<Loaded<OperatorMerchantResource[]>> {
  return load(key, '/operator/merchants', (body) => operatorMerchantListSchema.safeParse(body).data?.data);
}

/** One merchant as stored now; a code that cannot be one fails as the API's 404 would. */
export function loadOperatorMerchant(key: string, code: string): Promise<Loaded<OperatorMerchantResource>> {
  const path = merchantPath(code);
  if (!path) return Promise.resolve({ failure: { status: 404, body: undefined } });
  return load(key, path, (body) => operatorMerchantSchema.safeParse(body).data);
}

function signedOut(): NextResponse {
  return withoutOperatorKey(
    consoleProblem(401, 'OPERATOR_SIGNED_OUT', 'Sign in to the operator section again.'),
  );
}

/**
 * A change the operator section's browser code asks for (always a JSON POST to the BFF, as
 * consoleFetch sends it), made with the sealed key and the API's answer passed on as it is, so a
 * form shows each field error next to its field. Posts must come from the console's own pages.
 */
export async function relayOperatorChange(
  request: NextRequest,
  call: { method: Exclude<Method, 'GET'>; path: `/operator/${string}` | undefined },
): Promise<NextResponse> {
  if (!isConsoleSameOrigin(request))
    return consoleProblem(403, 'CROSS_SITE_REFUSED', 'Cross-site request refused.');
  const key = await currentOperatorKey();
  if (!key) return signedOut();
  if (!call.path) return consoleProblem(404, 'NOT_FOUND', 'There is no such merchant or account.');
  const text = await request.text().catch(() => '');
  if (text.length > MAX_BODY_CHARS)
    return consoleProblem(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return consoleProblem(400, 'MALFORMED_JSON', 'Send a JSON object.');
  const reply = await operatorRequest({
    key,
    method: call.method,
    path: call.path,
    body,
    forwardedFor: request.headers.get('x-forwarded-for') ?? undefined,
  });
  // The key was replaced since sign-in (OPERATOR_API_KEY changed): sign in again with the new one.
  if (reply.status === 401) return signedOut();
  return relay(reply);
}

/** The route parameters of a merchant's BFF routes. */
export interface OperatorMerchantRoute {
  params: Promise<{ code: string; id?: string }>;
}

/** The API's routes of a merchant, below its path. */
type MerchantRouteSuffix =
  '' | '/collection-accounts' | '/collection-accounts/:id' | '/invitations' | '/api-keys';

/**
 * The API path of a merchant's route (`suffix` below it, an account id checked and encoded).
 * Next hands route handlers their segments already decoded: each is encoded once here.
 */
export async function merchantRoutePath(
  route: OperatorMerchantRoute,
  suffix: MerchantRouteSuffix,
): Promise<`/operator/${string}` | undefined> {
  const { code, id } = await route.params;
  const base = merchantPath(code);
  if (!base) return undefined;
  if (suffix !== '/collection-accounts/:id') return `${base}${suffix}`;
  return id !== undefined && ACCOUNT_ID.test(id) ? `${base}/collection-accounts/${id}` : undefined;
}

/**
 * The POST handler of a merchant's BFF route: the change relayed to the merchant's API route
 * (`suffix`) as `method` (the browser always posts, as consoleFetch sends it).
 */
export function merchantChangeRoute(method: Exclude<Method, 'GET'>, suffix: MerchantRouteSuffix) {
  return async (request: NextRequest, route: OperatorMerchantRoute): Promise<NextResponse> =>
    relayOperatorChange(request, { method, path: await merchantRoutePath(route, suffix) });
}
