import 'server-only';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit-log';
import type { Lifecycle } from '../background';
import type { Metrics } from '../metrics';
import type { Logger } from '../logger';
import type { CustomerSessionService } from '../customer-sessions';
import type { Database } from '../db';
import type { Merchant, MerchantAdministration, MerchantDirectory, OperatorKey } from '../merchants';
import type { CustomerMail } from '../mail';
import type { PayinService } from '../payins';
import type { PaymentLinkService } from '../payment-links';
import type { RefundService } from '../refunds';
import type { People } from '../people';
import type { AuthFailureGuard, RateLimitStore } from '../ratelimit';
import type { TokenGrant, TokenService } from '../tokens';

/** Everything the API needs, built once at start by server/main.ts (or a test). */
export interface ApiDependencies {
  db: Kysely<Database>;
  logger: Logger;
  merchants: MerchantDirectory;
  tokens: TokenService;
  payins: PayinService;
  /** Refunds of payins (docs/decisions/036): payin reads show their totals. */
  refunds: RefundService;
  /** Customer sessions of the hosted page: checked on every request made with one. */
  sessions: CustomerSessionService;
  /** Payment links (docs/decisions/051): a payin made from one keeps the link's usage limit. */
  paymentLinks: PaymentLinkService;
  /** E-mails to customers (docs/decisions/052): the link back to a payment's page opens a session here. */
  mail: CustomerMail;
  rateLimit: RateLimitStore;
  /** Failed authentication, counted apart from every merchant's budget. */
  authFailures: AuthFailureGuard;
  /** Requests per second all of a merchant's payment-scoped tokens may make together. */
  paymentCeiling: number;
  /** Whether X-Forwarded-For from any peer names the client (TRUST_PROXY); loopback peers are always trusted. */
  trustProxy: boolean;
  /** Who changed what on a merchant's account (docs/decisions/034). */
  auditLog: AuditLog;
  /** The operator API's key and what operators do to merchants (docs/decisions/035). */
  operatorKey: OperatorKey;
  administration: MerchantAdministration;
  /** The Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Where this instance is in its life (starting, ready, stopping): the readiness probe says it. */
  lifecycle: Lifecycle;
  /** The people of merchants' teams: console sign-in, sessions, roles (docs/decisions/035). */
  people: People;
}

export interface ApiEnv {
  Variables: {
    requestId: string;
    grant: TokenGrant;
    merchant: Merchant;
    /** The validated {idPayin} of payin routes, already checked against the token's payment scope. */
    idPayin: string;
    /** The validated {idPayout} of payout routes. */
    idPayout: string;
    /** The validated {idRefund} of refund routes. */
    idRefund: string;
    /** The most bytes this route reads of a request body (server/http/body.ts). */
    bodyLimit: number;
    /** Response headers gathered along the way (server/http/reply.ts). */
    headers: Record<string, string>;
    /** The route answered with reply(), which wrote those headers itself. */
    replied: boolean;
  };
}
