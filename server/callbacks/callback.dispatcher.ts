import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock';
import type { CallbackDeliveryRow, Database } from '../db';
import type { Logger } from '../logger';
import { callbackSigningSecrets, type Merchant } from '../merchants';
import type { CallbackSender, CallbackSettings, SendResult } from './callback';
import { claimDueDeliveries, finishAttempt, purgeFinishedDeliveries } from './callback.repository';
import { EndpointLimits } from './endpoint-limits';
import { judgeAttempt, parseRetryAfter, planAfterAttempt } from './callback.retry-policy';
import { callbackHeaders } from './callback.signer';
import { inSpan, SpanKind, type Span } from '../telemetry';

const PURGE_EVERY_MS = 3_600_000;
const PURGE_BATCH = 1000;

export interface CallbackDispatcherOptions {
  db: Kysely<Database>;
  logger: Logger;
  merchants: { find(code: string): Promise<Merchant | undefined> };
  send: CallbackSender;
  settings: CallbackSettings;
  /** Schedules, leases and the delivery log run on this clock (tests control it). */
  clock: Clock;
  /**
   * webhook-timestamp is checked by receivers against their own clock, so it always comes from
   * real time, whatever clock schedules the work.
   */
  wallClock?: Clock;
  random?: () => number;
  /** Attempts in flight at once in this dispatcher (CALLBACK_CONCURRENCY). */
  maxInFlight?: number;
  /**
   * Attempts in flight at once to one endpoint to start with (CALLBACK_ENDPOINT_CONCURRENCY); each
   * endpoint's limit then adapts to its answers, between 1 and `maxPerEndpoint`.
   */
  perEndpoint?: number;
  /** The most attempts in flight to one endpoint that answers fast (CALLBACK_ENDPOINT_MAX_CONCURRENCY). */
  maxPerEndpoint?: number;
  /**
   * Hears each finished attempt (metrics): how it ended and, for a delivery's very first attempt,
   * how long after the status change it started.
   */
  onAttempt?: (attempt: { outcome: string; firstAttemptDelayMs: number | undefined }) => void;
}

/** Shows a URL without its query and fragment, where receivers sometimes put credentials. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * Delivers due callbacks concurrently: each claim takes what free capacity allows (at most
 * `maxInFlight` attempts, and to each endpoint what its adaptive limit leaves) and every attempt
 * runs on its own, outside any transaction, then logs itself and schedules the next attempt or
 * finishes the delivery. A slow or dead endpoint holds only its own slots, never a round: other
 * merchants' callbacks go out as soon as they are due (docs/decisions/014, 047).
 */
export class CallbackDispatcher {
  readonly maxInFlight: number;
  readonly perEndpoint: number;
  readonly limits: EndpointLimits;
  private readonly wallClock: Clock;
  private lastPurge = Number.NEGATIVE_INFINITY;
  private readonly inFlight = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  /** Where the next claim's walk over endpoints starts (round-robin). */
  private claimAfter: string | undefined;

  constructor(private readonly options: CallbackDispatcherOptions) {
    this.maxInFlight = options.maxInFlight ?? 32;
    this.perEndpoint = options.perEndpoint ?? 2;
    this.limits = new EndpointLimits({
      initial: this.perEndpoint,
      max: Math.max(this.perEndpoint, options.maxPerEndpoint ?? 16),
      slowMs: Math.min(1000, options.settings.timeoutMs / 2),
    });
    this.wallClock = options.wallClock ?? systemClock;
  }

  /** Attempts that could start now. */
  get freeSlots(): number {
    return this.maxInFlight - this.running.size;
  }

  /**
   * Claims due deliveries for the free capacity and starts their attempts; resolves once they are
   * started, with them. `onSettled` runs after each attempt (a slot is free again).
   */
  async claimAndStart(onSettled?: () => void): Promise<Promise<void>[]> {
    const { db, clock, settings, logger } = this.options;
    const now = clock();
    await this.purgeIfDue(now);
    if (this.freeSlots <= 0) return [];
    const token = randomUUID();
    const { rows: claimed, lastEndpoint } = await claimDueDeliveries(db, {
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      token,
      limit: this.freeSlots,
      roomOf: (endpoint) => this.limits.limitOf(endpoint) - (this.inFlight.get(endpoint) ?? 0),
      after: this.claimAfter,
    });
    this.claimAfter = lastEndpoint;
    return claimed.map((row) => {
      this.inFlight.set(row.endpoint, (this.inFlight.get(row.endpoint) ?? 0) + 1);
      const attempt = this.attempt(row, token)
        .catch((error: unknown) => {
          // The row keeps its lease and is attempted again when the lease passes.
          logger.error({ err: error }, 'callback attempt not recorded');
        })
        .finally(() => {
          const left = (this.inFlight.get(row.endpoint) ?? 1) - 1;
          if (left > 0) this.inFlight.set(row.endpoint, left);
          else {
            this.inFlight.delete(row.endpoint);
            this.limits.idle(row.endpoint);
          }
          this.running.delete(attempt);
          onSettled?.();
        });
      this.running.add(attempt);
      return attempt;
    });
  }

  /** One round: claims, attempts and waits for those attempts; returns how many were attempted. */
  async dispatchDue(): Promise<number> {
    const attempts = await this.claimAndStart();
    await Promise.all(attempts);
    return attempts.length;
  }

  /**
   * Waits for the attempts in flight, at most `graceMs`; any still running then keeps its lease and
   * is attempted again once the lease passes (by this instance after a restart, or another one).
   */
  async drain(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
  }

  /**
   * One attempt in a client span (docs/decisions/048): the endpoint's host and port, never its path
   * or query (receivers put credentials there), the attempt number, the outcome and the HTTP status.
   */
  private attempt(row: CallbackDeliveryRow, token: string): Promise<void> {
    let endpoint: URL | undefined;
    try {
      endpoint = new URL(row.url);
    } catch {
      endpoint = undefined;
    }
    return inSpan(
      'callback attempt',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': 'POST',
          'server.address': endpoint?.hostname ?? '(invalid URL)',
          ...(endpoint?.port && { 'server.port': Number(endpoint.port) }),
          'payin.callback.attempt': row.attempt_count + 1,
        },
      },
      (span) => this.attemptOnce(row, token, span),
    );
  }

  private async attemptOnce(row: CallbackDeliveryRow, token: string, span: Span): Promise<void> {
    const { clock, settings, merchants, send, logger } = this.options;
    const startedAt = clock();
    const merchant = await merchants.find(row.merchant_code);
    const now = this.wallClock();
    const requestHeaders = merchant
      ? callbackHeaders({
          secret: callbackSigningSecrets(merchant, now),
          eventId: row.event_id,
          timestamp: now,
          body: row.payload,
        })
      : undefined;
    const result: SendResult = requestHeaders
      ? await send({ url: row.url, headers: requestHeaders, body: row.payload })
      : { kind: 'error', error: `merchant ${row.merchant_code} is unknown`, durationMs: 0 };
    const finishedAt = clock();
    const attemptsInRun = row.schedule_step + 1;
    const judgement = judgeAttempt(result);
    this.limits.record(row.endpoint, { ok: judgement.kind === 'delivered', durationMs: result.durationMs });
    const plan = planAfterAttempt({
      judgement,
      attemptsInRun,
      schedule: settings.schedule,
      now: finishedAt,
      retryAfterMs:
        result.kind === 'response' ? parseRetryAfter(result.retryAfter, this.wallClock()) : undefined,
      random: this.options.random,
    });
    const error =
      result.kind === 'error'
        ? result.error
        : result.status >= 300 && result.status < 400
          ? `redirect not followed${result.location ? ` (Location: ${result.location.slice(0, 200)})` : ''}`
          : undefined;
    const attemptNumber = row.attempt_count + 1;
    span.setAttributes({
      'payin.callback.outcome': plan.outcome,
      ...(result.kind === 'response' && { 'http.response.status_code': result.status }),
    });
    await finishAttempt(this.options.db, {
      deliveryId: row.id,
      token,
      attemptNumber,
      attemptsInRun,
      startedAt,
      finishedAt,
      durationMs: result.durationMs,
      url: row.url,
      responseStatus: result.kind === 'response' ? result.status : undefined,
      responseExcerpt: result.kind === 'response' ? result.excerpt : undefined,
      error,
      requestHeaders,
      ...plan,
    });
    this.options.onAttempt?.({
      outcome: plan.outcome,
      firstAttemptDelayMs: attemptNumber === 1 ? startedAt.getTime() - row.created_at.getTime() : undefined,
    });
    const level = plan.outcome === 'DELIVERED' ? 'info' : 'warn';
    logger[level](
      {
        callback: {
          eventId: row.event_id,
          merchant: row.merchant_code,
          ...(row.id_payin !== null && { idPayin: row.id_payin }),
          ...(row.id_payout !== null && { idPayout: row.id_payout }),
          url: redactUrl(row.url),
          attempt: attemptNumber,
          at: startedAt.toISOString(),
          status: result.kind === 'response' ? result.status : undefined,
          durationMs: result.durationMs,
          responseExcerpt: result.kind === 'response' ? result.excerpt : undefined,
          error,
          outcome: plan.outcome,
          failureReason: plan.failureReason,
          nextAttemptAt: plan.nextAttemptAt?.toISOString(),
        },
      },
      'callback attempt',
    );
  }

  private async purgeIfDue(now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    const before = new Date(now.getTime() - this.options.settings.retentionMs);
    const purged = await purgeFinishedDeliveries(this.options.db, { before, limit: PURGE_BATCH });
    if (purged > 0) this.options.logger.info({ purged }, 'finished callback deliveries purged');
    // A full batch means more may wait: look again at the next round.
    if (purged === PURGE_BATCH) this.lastPurge = Number.NEGATIVE_INFINITY;
  }
}
