import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock';
import type { CallbackDeliveryRow, Database } from '../db';
import type { Logger } from '../logger';
import type { Merchant } from '../merchants';
import type { CallbackSender, CallbackSettings, SendResult } from './callback';
import { claimDueDeliveries, finishAttempt, purgeFinishedDeliveries } from './callback.repository';
import { judgeAttempt, parseRetryAfter, planAfterAttempt } from './callback.retry-policy';
import { signCallback } from './callback.signer';

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
  /** Deliveries claimed and attempted together per round. */
  batchSize?: number;
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
 * Delivers due callbacks: claims a batch (SKIP LOCKED + lease), attempts each over HTTP outside
 * any transaction, then logs the attempt and schedules the next one or finishes the delivery.
 */
export class CallbackDispatcher {
  readonly batchSize: number;
  private readonly wallClock: Clock;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: CallbackDispatcherOptions) {
    this.batchSize = options.batchSize ?? 10;
    this.wallClock = options.wallClock ?? systemClock;
  }

  /** One round: returns how many deliveries were attempted. */
  async dispatchDue(): Promise<number> {
    const { db, clock, settings, logger } = this.options;
    const now = clock();
    await this.purgeIfDue(now);
    const token = randomUUID();
    const claimed = await claimDueDeliveries(db, {
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      token,
      limit: this.batchSize,
    });
    const results = await Promise.allSettled(claimed.map((row) => this.attempt(row, token)));
    for (const result of results) {
      // The row keeps its lease and is attempted again when the lease passes.
      if (result.status === 'rejected') logger.error({ err: result.reason }, 'callback attempt not recorded');
    }
    return claimed.length;
  }

  private async attempt(row: CallbackDeliveryRow, token: string): Promise<void> {
    const { clock, settings, merchants, send, logger } = this.options;
    const startedAt = clock();
    const merchant = await merchants.find(row.merchant_code);
    const result: SendResult = merchant
      ? await send({
          url: row.url,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'payin-gateway-callbacks/1',
            ...signCallback({
              secret: merchant.callbackSecret,
              eventId: row.event_id,
              timestamp: this.wallClock(),
              body: row.payload,
            }),
          },
          body: row.payload,
        })
      : { kind: 'error', error: `merchant ${row.merchant_code} is unknown`, durationMs: 0 };
    const finishedAt = clock();
    const attemptsInRun = row.schedule_step + 1;
    const plan = planAfterAttempt({
      judgement: judgeAttempt(result),
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
      ...plan,
    });
    const level = plan.outcome === 'DELIVERED' ? 'info' : 'warn';
    logger[level](
      {
        callback: {
          eventId: row.event_id,
          merchant: row.merchant_code,
          idPayin: row.id_payin,
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
