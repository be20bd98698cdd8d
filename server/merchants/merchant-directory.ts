import 'server-only';
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
import {
  insertApiKey,
  isUsable,
  listApiKeys,
  listApiKeysChangedSince,
  newApiKeyId,
  newApiKeySecret,
  revokeApiKey,
  touchApiKey,
  type ApiKey,
} from './api-keys';
import { hashSecret, sameHash } from './secret-hash';

/** How often a key's last use is written at most. */
const KEY_USE_WRITE_INTERVAL_MS = 60_000;

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
  /** Usable API keys by the hex of their secret's keyed hash (revoked ones leave at the next refresh). */
  private readonly keysByHash = new Map<string, ApiKey>();
  /** When each key's last use was written (at most once a minute per key). */
  private readonly keyUseWritten = new Map<string, number>();

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
    return this.authenticate(code, secret, new Date())?.merchant;
  }

  /**
   * The merchant and, when the secret is one of its API keys, that key: the merchants file's
   * secret or a key that is neither revoked nor expired at `now`. The presented secret is hashed
   * once; keys are found by that keyed hash, which tells nothing about any secret.
   */
  authenticate(code: string, secret: string, now: Date): { merchant: Merchant; key?: ApiKey } | undefined {
    const merchant = this.byCode.get(code);
    const presented = hashSecret(this.pepper, secret);
    const stored = merchant?.secretHash ?? this.decoyHash;
    if (merchant && sameHash(presented, stored)) return { merchant };
    const key = this.keysByHash.get(presented.toString('hex'));
    if (!merchant || !key || key.merchantCode !== merchant.code || !isUsable(key, now)) return undefined;
    return { merchant, key };
  }

  /** A new API key of the merchant; its secret is in the answer only. */
  async createApiKey(
    merchant: Merchant,
    input: Pick<ApiKey, 'name' | 'operations' | 'allowedAddresses' | 'expiresAt'>,
  ): Promise<{ key: ApiKey; secret: string }> {
    const secret = newApiKeySecret(merchant.isTest);
    const key = await insertApiKey(this.db, {
      ...input,
      id: newApiKeyId(),
      merchantCode: merchant.code,
      secretHash: hashSecret(this.pepper, secret).toString('hex'),
    });
    this.keysByHash.set(key.secretHash, key);
    return { key, secret };
  }

  /** A key another module just stored (the first key of a new merchant): usable here at once. */
  rememberKey(key: ApiKey): void {
    this.keysByHash.set(key.secretHash, key);
  }

  listApiKeys(merchantCode: string): Promise<ApiKey[]> {
    return listApiKeys(this.db, merchantCode);
  }

  /** Revokes a key: refused here at once, by other instances at their next refresh. */
  async revokeApiKey(merchantCode: string, id: string): Promise<ApiKey | undefined> {
    const key = await revokeApiKey(this.db, merchantCode, id);
    if (key) this.keysByHash.delete(key.secretHash);
    return key;
  }

  /** Writes when the key was last used, at most once a minute per key (a token request is no write). */
  async recordKeyUse(key: ApiKey, now: Date): Promise<void> {
    const written = this.keyUseWritten.get(key.id);
    if (written !== undefined && now.getTime() - written < KEY_USE_WRITE_INTERVAL_MS) return;
    this.keyUseWritten.set(key.id, now.getTime());
    await touchApiKey(this.db, key.id, now);
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
        if (sameHash(presented, hash) && !found) found = { merchant, account };
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
    const keys = await listApiKeysChangedSince(
      this.db,
      this.lastLook && new Date(this.lastLook.getTime() - REFRESH_MARGIN_MS),
    );
    for (const key of keys) {
      if (key.revokedAt === undefined) this.keysByHash.set(key.secretHash, key);
      else this.keysByHash.delete(key.secretHash);
    }
    this.lastLook = now;
  }
}
