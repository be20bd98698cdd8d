import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CollectionAccount } from '../accounts';
import { AppError } from '../errors';
import type { Database } from '../db';
import type { Merchant } from './merchant';
import {
  databaseNow,
  findMerchant,
  listMerchants,
  listMerchantsChangedSince,
  rotateCallbackSecret,
} from './merchant.repository';
import { generateCallbackSecret } from './provision';
import { hashSecret, secretMatches } from './secret-hash';

/** How far back each refresh reads again: a change whose transaction committed after a look. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * Merchants by code, held in memory: they are provisioned at start, so a token issuance costs one
 * HMAC and no database round trip, and a code unknown here costs none either (strangers choose the
 * codes). Changes made by other instances arrive with `refresh` (a background worker, every 2 s);
 * `find`, for codes from a verified token or our own tables, also looks in the database.
 */
export class MerchantDirectory {
  private readonly byCode = new Map<string, Merchant>();
  private readonly decoyHash: Buffer;
  /** The database's time when `refresh` last looked. */
  private lastLook: Date | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pepper: Buffer,
  ) {
    this.decoyHash = hashSecret(pepper, 'decoy');
  }

  async load(): Promise<void> {
    await this.refresh();
  }

  remember(merchant: Merchant): void {
    this.byCode.set(merchant.code, merchant);
  }

  async find(code: string): Promise<Merchant | undefined> {
    const cached = this.byCode.get(code);
    if (cached) return cached;
    const merchant = await findMerchant(this.db, code);
    if (merchant) this.byCode.set(code, merchant);
    return merchant;
  }

  /** Every merchant this instance holds. */
  list(): readonly Merchant[] {
    return [...this.byCode.values()];
  }

  /** A merchant this instance holds, without a lookup (the hot path of every API call). */
  known(code: string): Merchant | undefined {
    return this.byCode.get(code);
  }

  async require(code: string): Promise<Merchant> {
    const merchant = this.byCode.get(code) ?? (await this.find(code));
    if (!merchant) throw new AppError('TOKEN_INVALID', 'The token names an unknown merchant.');
    return merchant;
  }

  /**
   * The merchant whose credentials these are, or undefined: compared in constant time, unknown
   * codes cost the same HMAC as known ones and never a database lookup.
   */
  authenticateKnown(code: string, secret: string): Merchant | undefined {
    const merchant = this.byCode.get(code);
    const matches = secretMatches(this.pepper, secret, merchant?.secretHash ?? this.decoyHash);
    return merchant && matches ? merchant : undefined;
  }

  /**
   * The merchant and collection account a bank feed's API key belongs to (keys are unique across
   * merchants: the merchants file is refused otherwise). Every stored key hash is compared in
   * constant time, without stopping at a match, so the time taken tells nothing about the keys.
   */
  findByFeedApiKey(apiKey: string): Promise<{ merchant: Merchant; account: CollectionAccount } | undefined> {
    const presented = hashSecret(this.pepper, apiKey);
    let found: { merchant: Merchant; account: CollectionAccount } | undefined;
    for (const merchant of this.byCode.values()) {
      for (const account of merchant.collectionAccounts) {
        const stored = account.feed?.apiKeyHash;
        if (stored === undefined) continue;
        const hash = Buffer.from(stored, 'hex');
        if (hash.length === presented.length && timingSafeEqual(hash, presented) && !found)
          found = { merchant, account };
      }
    }
    return Promise.resolve(found);
  }

  /**
   * Gives the merchant a new callback signing secret; the current one signs beside it until
   * `previousUntil`. This instance uses it at once, the others at their next refresh.
   */
  async rotateCallbackSecret(code: string, previousUntil: Date): Promise<Merchant | undefined> {
    const merchant = await rotateCallbackSecret(this.db, {
      code,
      secret: generateCallbackSecret(),
      previousUntil,
    });
    if (merchant) this.byCode.set(merchant.code, merchant);
    return merchant;
  }

  /**
   * Takes in what changed in the database since the last look (merchants provisioned by other
   * instances, a rotated callback secret), the first time every merchant. Changes are stamped with
   * the database's clock and read back with a margin, so a change committed late is not missed.
   */
  async refresh(): Promise<void> {
    const now = await databaseNow(this.db);
    const merchants = this.lastLook
      ? await listMerchantsChangedSince(this.db, new Date(this.lastLook.getTime() - REFRESH_MARGIN_MS))
      : await listMerchants(this.db);
    for (const merchant of merchants) this.byCode.set(merchant.code, merchant);
    this.lastLook = now;
  }
}
