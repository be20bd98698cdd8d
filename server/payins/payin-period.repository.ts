import 'server-only';
import type { Db } from '../db';
import { readTimePage, type TimePage, type TimePageQuery } from '../paging';
import type { Payin } from './payin';
import { toPayin } from './payin.repository';

/**
 * A page of the merchant's payins created in the range, oldest first: what an export streams
 * (docs/decisions/045). The listing's (merchant_code, created_at) index (migration 0006) bounds each
 * page. Apart from payin.repository.ts, whose listing and search change on their own.
 */
export function payinsCreatedIn(
  db: Db,
  query: TimePageQuery & { merchantCode: string },
): Promise<TimePage<Payin>> {
  return readTimePage(
    db.selectFrom('payins').selectAll().where('merchant_code', '=', query.merchantCode),
    { time: 'created_at', id: 'id' },
    query,
    toPayin,
  );
}
