import 'server-only';
import type { Kysely } from 'kysely';
import { periodicWorker, type BackgroundWorker } from '../background';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { isAppError } from '../errors';
import type { Logger } from '../logger';
import { findOverduePayins } from './payin.repository';
import type { PayinService } from './payin.service';

const BATCH = 100;

/**
 * Expires open payins once their expireAt has passed: REFUSED with processorStatus EXPIRED (UNDERPAID
 * when part of the amount was received), through the same state machine as every other change, so
 * the merchant gets its callback. Runs every second
 * in the background (not lazily on read). Instances may race on a payin: the compare-and-set lets one
 * win and the others see PAYIN_FINAL, which is skipped.
 */
export async function expireOverduePayins(options: {
  db: Kysely<Database>;
  payins: PayinService;
  now: Date;
}): Promise<number> {
  const overdue = await findOverduePayins(options.db, options.now, BATCH);
  let expired = 0;
  for (const payin of overdue) {
    try {
      await options.payins.expire(payin);
      expired++;
    } catch (error) {
      if (!isAppError(error) || error.code !== 'PAYIN_FINAL') throw error;
    }
  }
  return expired;
}

export function createExpirySweeper(options: {
  db: Kysely<Database>;
  payins: PayinService;
  clock: Clock;
  logger: Logger;
}): BackgroundWorker {
  return periodicWorker({
    name: 'expiry-sweeper',
    intervalMs: 1000,
    logger: options.logger,
    tick: async () => {
      const expired = await expireOverduePayins({ ...options, now: options.clock() });
      if (expired > 0) options.logger.info({ expired }, 'payins expired');
      return expired === BATCH;
    },
  });
}
