import 'server-only';
import type { Kysely } from 'kysely';
import { daysBetween } from '@/lib/api/export-kinds';
import type { Database } from '../db';
import type { LedgerService } from '../ledger';
import type { Logger } from '../logger';
import type { Merchant } from '../merchants';
import type { TimeKey, TimePage, TimePageQuery, TimeRange } from '../paging';
import { payinsCreatedIn } from '../payins';
import { payoutsCreatedIn } from '../payouts';
import type { ReconciliationService } from '../reconciliation';
import { refundsCreatedIn } from '../refunds';
import { byteStream } from './byte-stream';
import {
  COLLECTION_TRANSACTION_COLUMNS,
  LEDGER_COLUMNS,
  PAYIN_COLUMNS,
  PAYOUT_COLUMNS,
  REFUND_COLUMNS,
  type LedgerLine,
} from './columns';
import type { ExportFormat, ExportKind, ExportRequest } from './export-request';
import { addDays, ZoneClock } from '@/lib/format/zone-clock';
import { SETTLEMENT_COLUMNS, settlementReport } from './settlement-report';
import { tableWriter, type Column } from './table';

/** Rows read per query: one page's text is what an export holds in memory at a time. */
const PAGE_ROWS = 500;

/** A file being exported: its name, media type, zone, and its bytes as they are read. */
export interface ExportFile {
  filename: string;
  contentType: string;
  timeZone: string;
  body: ReadableStream<Uint8Array>;
}

/** A page of an export as text, and where the next one starts. */
type PageText = { text: string; next: TimeKey | undefined };

/** One kind of export for a merchant, written in a format and zone: its header, then its pages. */
type Dataset = (
  merchant: Merchant,
  format: ExportFormat,
  clock: ZoneClock,
) => { head: string; read: (query: TimePageQuery) => Promise<PageText> };

function dataset<Row>(
  columns: readonly Column<Row>[],
  page: (merchant: Merchant, query: TimePageQuery) => Promise<TimePage<Row>>,
): Dataset {
  return (merchant, format, clock) => {
    const writer = tableWriter(columns, format, clock);
    return {
      head: writer.head(),
      read: async (query) => {
        const result = await page(merchant, query);
        return { text: writer.rows(result.items), next: result.next };
      },
    };
  };
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/jsonl; charset=utf-8',
} as const;

/**
 * Exports and the settlement report (docs/decisions/045): a merchant's payins, payouts, refunds,
 * ledger lines and collection transactions of a period, as CSV or JSON Lines in the merchant's
 * time zone, read from their owners a keyset page at a time and streamed as they are read; and the
 * settlement report per currency and day, from the ledger alone.
 */
export class ExportService {
  private readonly ledger: LedgerService;
  private readonly logger: Logger;
  private readonly pageRows: number;
  private readonly datasets: Record<Exclude<ExportKind, 'settlement-report'>, Dataset>;

  constructor(options: {
    db: Kysely<Database>;
    ledger: LedgerService;
    reconciliation: ReconciliationService;
    logger: Logger;
    /** Rows per page (tests and benchmarks make it small). */
    pageRows?: number;
  }) {
    this.ledger = options.ledger;
    this.logger = options.logger;
    this.pageRows = options.pageRows ?? PAGE_ROWS;
    const { db, ledger, reconciliation } = options;
    const of = (merchant: Merchant, query: TimePageQuery) => ({ merchantCode: merchant.code, ...query });
    this.datasets = {
      payins: dataset(PAYIN_COLUMNS, (merchant, query) => payinsCreatedIn(db, of(merchant, query))),
      payouts: dataset(PAYOUT_COLUMNS, (merchant, query) => payoutsCreatedIn(db, of(merchant, query))),
      refunds: dataset(REFUND_COLUMNS, (merchant, query) => refundsCreatedIn(db, of(merchant, query))),
      // One line per entry, the transfer's facts repeated: a journal as accounting software imports it.
      ledger: dataset(LEDGER_COLUMNS, async (merchant, query) => {
        const page = await ledger.transfersIn(merchant, query);
        return {
          items: page.items.flatMap((transfer): LedgerLine[] =>
            transfer.entries.map((entry) => ({ transfer, entry })),
          ),
          next: page.next,
        };
      }),
      'collection-transactions': dataset(COLLECTION_TRANSACTION_COLUMNS, (merchant, query) =>
        reconciliation.bookedIn(merchant, query),
      ),
    };
  }

  /**
   * Opens an export: its first page is read before this returns (a failing database answers an
   * error, not a broken file), the rest as the client reads.
   */
  async open(merchant: Merchant, request: ExportRequest): Promise<ExportFile> {
    const clock = new ZoneClock(request.timeZone);
    const days = Array.from({ length: daysBetween(request.from, request.to) + 1 }, (_, index) =>
      addDays(request.from, index),
    );
    const bounds = [...days, addDays(request.to, 1)].map((day) => clock.startOf(day));
    const range: TimeRange = { from: bounds[0]!, to: bounds.at(-1)! };
    let chunks: AsyncIterator<string>;
    if (request.kind === 'settlement-report') {
      // At most a row per currency and day: written whole.
      const { balances, movements } = await this.ledger.movements(merchant, bounds);
      const writer = tableWriter(SETTLEMENT_COLUMNS, request.format, clock);
      chunks = pages(writer.head(), {
        text: writer.rows(settlementReport({ days, balances, movements })),
        next: undefined,
      });
    } else {
      const { head, read } = this.datasets[request.kind](merchant, request.format, clock);
      const page = (after: TimeKey | undefined) => read({ range, after, limit: this.pageRows });
      chunks = pages(head, await page(undefined), page);
    }
    return {
      filename: `${merchant.code}-${request.kind}-${request.from}-${request.to}.${request.format}`,
      contentType: CONTENT_TYPES[request.format],
      timeZone: request.timeZone,
      body: byteStream(chunks, (error) =>
        this.logger.error(
          { err: error, merchantCode: merchant.code, kind: request.kind },
          'export cut short: the client gets a transfer without its end',
        ),
      ),
    };
  }
}

/** The header and first page, then each next page as it is asked for. */
async function* pages(
  head: string,
  first: PageText,
  read?: (after: TimeKey) => Promise<PageText>,
): AsyncGenerator<string> {
  yield head + first.text;
  for (let page = first; page.next && read;) {
    page = await read(page.next);
    yield page.text;
  }
}
