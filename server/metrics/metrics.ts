import 'server-only';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A value a gauge reads at scrape time, with its labels where it has some. */
export type Sample = { labels?: Record<string, string>; value: number };

/**
 * The service's metrics in Prometheus' text format (prom-client), one registry per runtime so that
 * two runtimes in one process (the tests) never mix their numbers. Counters are bumped where things
 * happen; gauges read their value when scraped (a backlog, a pool), so an idle instance costs nothing.
 * The process's own (memory, event-loop delay, CPU) join at the first scrape.
 */
export class Metrics {
  readonly registry = new Registry();
  private defaultsStarted = false;

  readonly httpRequests = new Counter({
    name: 'payin_http_requests_total',
    help: 'API requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'payin_http_request_duration_seconds',
    help: 'How long the API took to answer, by method and route template (status class).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'payin_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit or a failed-authentication lockout, by error code.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly tokensIssued = new Counter({
    name: 'payin_tokens_issued_total',
    help: 'Tokens issued, by endpoint (operations: /auth-tokens, action: /auth-tokens-by-action, customer session).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly payinsCreated = new Counter({
    name: 'payin_payins_created_total',
    help: 'Payins created, by payment method.',
    labelNames: ['method'] as const,
    registers: [this.registry],
  });

  readonly payinStatusChanges = new Counter({
    name: 'payin_status_changes_total',
    help: 'Payins that reached a final status, by payment method and status.',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });

  readonly ledgerTransfers = new Counter({
    name: 'payin_ledger_transfers_total',
    help: 'Ledger transfers posted, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly callbackAttempts = new Counter({
    name: 'payin_callback_attempts_total',
    help: 'Callback attempts made, by what came of them (DELIVERED, RETRY, FAILED…).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly customerEmails = new Counter({
    name: 'payin_customer_emails_total',
    help: 'E-mails to customers settled, by kind and what came of them (sent, skipped, retry, failed).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly chainTransfers = new Counter({
    name: 'payin_chain_transfers_total',
    help: 'Token transfers the chain watcher saw, confirmed (handed to reconciliation) or withdrawn (reorganised away).',
    labelNames: ['network', 'status'] as const,
    registers: [this.registry],
  });

  readonly reconciliationReceipts = new Counter({
    name: 'payin_reconciliation_receipts_total',
    help: 'Incoming transactions received from feeds, statements and the chain watcher, by source and what matching made of them (DUPLICATE: delivered before).',
    labelNames: ['source', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly callbackFirstAttemptDelay = new Histogram({
    name: 'payin_callback_first_attempt_delay_seconds',
    help: "How long after the status change a delivery's first attempt started.",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  /**
   * A gauge read at scrape time, with labels (a label-less gauge would show 0 for a read that failed);
   * a failing read leaves the gauge without samples in that scrape rather than failing the scrape.
   */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<Sample[]> | Sample[]) {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        let samples: Sample[];
        try {
          samples = await read();
        } catch {
          return;
        }
        for (const sample of samples)
          if (sample.labels) this.set(sample.labels, sample.value);
          else this.set(sample.value);
      },
    });
  }

  /** The Prometheus text exposition of every metric (the process's own from the first call on). */
  async exposition(): Promise<{ contentType: string; body: string }> {
    if (!this.defaultsStarted) {
      this.defaultsStarted = true;
      collectDefaultMetrics({ register: this.registry, prefix: 'payin_' });
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
