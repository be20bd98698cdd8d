import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Logger } from '../logger';

/** An address stays known to a merchant this long after its last successful authentication. */
const KNOWN_FOR_MS = 30 * 86_400_000;
/** Each (merchant, address) is written at most this often per instance. */
const REFRESH_EVERY_MS = 3_600_000;
const MEMORY_LIMIT = 10_000;

/**
 * Client addresses that authenticated successfully as a merchant: the merchant's own servers,
 * which stay able to get tokens while strangers hammering its code are locked out
 * (server/ratelimit/auth-failures.ts). Written once an hour per pair and instance, read only while
 * a merchant code is under attack.
 */
export class MerchantClientAddresses {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  remember(merchantCode: string, address: string): void {
    const key = `${merchantCode} ${address}`;
    const now = this.now();
    const last = this.written.get(key);
    if (last !== undefined && now - last < REFRESH_EVERY_MS) return;
    this.written.delete(key);
    this.written.set(key, now);
    if (this.written.size > MEMORY_LIMIT) this.written.delete(this.written.keys().next().value!);
    const at = new Date(now);
    this.db
      .insertInto('merchant_client_addresses')
      .values({ merchant_code: merchantCode, address, last_success_at: at })
      .onConflict((conflict) =>
        conflict.columns(['merchant_code', 'address']).doUpdateSet({ last_success_at: at }),
      )
      .execute()
      .catch((error: unknown) => {
        this.written.delete(key);
        this.logger.warn({ err: error }, 'could not remember a merchant client address');
      });
  }

  async isKnown(merchantCode: string, address: string): Promise<boolean> {
    const written = this.written.get(`${merchantCode} ${address}`);
    if (written !== undefined && this.now() - written < KNOWN_FOR_MS) return true;
    const row = await this.db
      .selectFrom('merchant_client_addresses')
      .select('last_success_at')
      .where('merchant_code', '=', merchantCode)
      .where('address', '=', address)
      .executeTakeFirst();
    return row !== undefined && this.now() - row.last_success_at.getTime() < KNOWN_FOR_MS;
  }
}
