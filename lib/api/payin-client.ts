import type { z } from 'zod';
import {
  createPayinResponseSchema,
  customerSessionResponseSchema,
  externalReferenceResponseSchema,
  merchantInfoResponseSchema,
  paymentOptionsResponseSchema,
  payinResponseSchema,
  problemSchema,
  type Problem,
} from './responses';
import type { SimulatedPayment } from '../sandbox/simulated-payments';
import { institutionDecisionResponseSchema, institutionSessionSchema } from './sandbox-responses';
import { refundClaimSchema } from './refund-responses';
import { paymentLinkStartSchema, pageLinkOpenSchema, paymentLinkViewSchema } from './payment-link-responses';
import type { RefundDestinationRequest } from '../schemas/refund-request';
import type { FinalStatus } from '../payins/statuses';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; problem: Problem | undefined; unreachable?: boolean };

/**
 * Where the hosted app's server code finds the payin API: a `fetch` the server process registered
 * for its own API (server/http/in-process.ts), or an address. Both speak the same HTTP semantics.
 */
export interface PayinApiTransport {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
}

/** The key under which the server process registers its own API (a global: Next's bundle shares no module with it). */
export const IN_PROCESS_API = Symbol.for('payin-gateway.in-process-api');

/**
 * A small typed client of the public payin API, used by the hosted app's server code (pages and
 * BFF). It speaks the specification's HTTP API only, so the hosted app works in front of any API
 * that follows it; responses are parsed at this boundary.
 */
export class PayinApiClient {
  /**
   * @param forwardedFor the customer's address (X-Forwarded-For as the front door set it), so the
   *   API counts failed authentication against the customer, not against this server.
   */
  constructor(
    private readonly token: string | undefined,
    private readonly options: { forwardedFor?: string | undefined; transport: PayinApiTransport },
  ) {}

  getPayin(idPayin: string) {
    return this.call('GET', `/payins/${encodeURIComponent(idPayin)}`, payinResponseSchema);
  }

  /** Creates the payin; `language` (the page's) is the one its e-mails are written in (Accept-Language). */
  createPayin(idPayin: string, body: unknown, language?: string) {
    return this.call('POST', `/payins/${encodeURIComponent(idPayin)}`, createPayinResponseSchema, body, {
      ...(language !== undefined && { 'accept-language': language }),
    });
  }

  availablePaymentOptions(money: { amount: number; currencyCode: string }) {
    return this.call('POST', '/payins/!availablePaymentOptions', paymentOptionsResponseSchema, { money });
  }

  /** Trades the merchant's token for a customer session of this payin (see the API reference). */
  openCustomerSession(idPayin: string, body: { returnUrl?: string }) {
    return this.call(
      'POST',
      `/payins/${encodeURIComponent(idPayin)}/!customerSession`,
      customerSessionResponseSchema,
      body,
    );
  }

  merchantInfo() {
    return this.call('GET', '/merchant-info', merchantInfoResponseSchema);
  }

  setExternalReference(idPayin: string, reference: string) {
    return this.call(
      'POST',
      `/payins/${encodeURIComponent(idPayin)}/!setExternalReference`,
      externalReferenceResponseSchema,
      { reference },
    );
  }

  /** The sandbox's simulate call: a final status, or money arriving (EXACT, SHORT, OVER or an amount). */
  simulate(
    idPayin: string,
    body:
      { status: FinalStatus; processorStatus?: string } | { payment: SimulatedPayment | { amount: number } },
  ) {
    return this.call(
      'POST',
      `/sandbox/payins/${encodeURIComponent(idPayin)}/!simulate`,
      payinResponseSchema,
      body,
    );
  }

  institutionSession(session: string) {
    return this.call('GET', `/sandbox/institution/${encodeURIComponent(session)}`, institutionSessionSchema);
  }

  decideAtInstitution(session: string, decision: 'approve' | 'decline') {
    return this.call(
      'POST',
      `/sandbox/institution/${encodeURIComponent(session)}/!decide`,
      institutionDecisionResponseSchema,
      { decision },
    );
  }

  /** The refund a claim link opens (docs/decisions/036): its secret is the credential. */
  refundClaim(secret: string) {
    return this.call('GET', `/refund-claims/${encodeURIComponent(secret)}`, refundClaimSchema);
  }

  /** The payer's destination for a refund. */
  claimRefund(secret: string, destination: RefundDestinationRequest) {
    return this.call('POST', `/refund-claims/${encodeURIComponent(secret)}`, refundClaimSchema, {
      destination,
    });
  }

  /** What a payment link's page shows (docs/decisions/051): its secret is the credential. */
  paymentLinkView(secret: string) {
    return this.call('GET', `/payment-link-pages/${encodeURIComponent(secret)}`, paymentLinkViewSchema);
  }

  /** Starts a payment on a link: the payin's page and its customer session. */
  startPaymentLink(secret: string, amount: number | undefined) {
    return this.call(
      'POST',
      `/payment-link-pages/${encodeURIComponent(secret)}/!start`,
      paymentLinkStartSchema,
      amount === undefined ? {} : { amount },
    );
  }

  /** Opens the payment an e-mail's page link names (docs/decisions/052). */
  openPageLink(key: string) {
    return this.call('POST', `/page-links/${encodeURIComponent(key)}/!open`, pageLinkOpenSchema, {});
  }

  private async call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResult<z.output<S>>> {
    const headers: Record<string, string> = {
      ...extraHeaders,
      accept: 'application/json',
      'x-api-version': '2',
    };
    if (this.token !== undefined) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor;
    const { transport } = this.options;
    let response: Response;
    try {
      response = await transport.fetch(
        new Request(`${transport.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          cache: 'no-store',
          signal: AbortSignal.timeout(10_000),
        }),
      );
    } catch {
      return { ok: false, status: 503, problem: undefined, unreachable: true };
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return { ok: true, status: response.status, data: parsed.data };
      return { ok: false, status: 502, problem: undefined };
    }
    const problem = problemSchema.safeParse(json);
    return { ok: false, status: response.status, problem: problem.success ? problem.data : undefined };
  }
}
