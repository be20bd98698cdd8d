import 'server-only';
import { CALLBACK_TEST_EVENT, type CallbackTestAttempt } from '@/lib/api/callback-responses';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { callbackSigningSecrets, type Merchant } from '../merchants';
import type { UrlPolicy } from '../net';
import type { CallbackSender } from './callback';
import { redactUrl } from './callback.dispatcher';
import { newEventId } from './callback.outbox';
import { callbackHeaders } from './callback.signer';

/**
 * Sends one signed test callback now and reports how it went (docs/decisions/025): the same URL
 * policy, signing and sender as real callbacks, but no outbox row, no retry and no entry in the
 * delivery log: it announces no payin.
 */
export class CallbackTester {
  constructor(
    private readonly deps: {
      send: CallbackSender;
      urlPolicy: UrlPolicy;
      logger: Logger;
      /** webhook-timestamp and startedAt: receivers check the timestamp against real time. */
      wallClock: Clock;
    },
  ) {}

  async send(merchant: Merchant, url: string): Promise<CallbackTestAttempt> {
    const refusal = this.deps.urlPolicy.checkCallbackUrl('url', url);
    if (refusal)
      throw new AppError('URL_NOT_ALLOWED', 'The URL uses a scheme or host that is not allowed.', {
        errors: [refusal],
      });
    const startedAt = this.deps.wallClock();
    const eventId = newEventId();
    const body = JSON.stringify({ type: CALLBACK_TEST_EVENT, eventId, timestamp: startedAt.toISOString() });
    const requestHeaders = callbackHeaders({
      secret: callbackSigningSecrets(merchant, startedAt),
      eventId,
      timestamp: startedAt,
      body,
    });
    const result = await this.deps.send({ url, headers: requestHeaders, body });
    const delivered = result.kind === 'response' && result.status >= 200 && result.status < 300;
    const attempt: CallbackTestAttempt = {
      url,
      startedAt: startedAt.toISOString(),
      durationMs: result.durationMs,
      requestHeaders,
      body,
      ...(result.kind === 'response'
        ? { responseStatus: result.status, responseExcerpt: result.excerpt }
        : { error: result.error }),
      outcome: delivered ? 'DELIVERED' : 'FAILED',
    };
    this.deps.logger.info(
      {
        callbackTest: {
          merchant: merchant.code,
          eventId,
          url: redactUrl(url),
          status: attempt.responseStatus,
          durationMs: attempt.durationMs,
          error: attempt.error,
          outcome: attempt.outcome,
        },
      },
      'callback test',
    );
    return attempt;
  }
}
