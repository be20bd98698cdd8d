import 'server-only';
import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import type { Database } from '../db';
import type { Merchant } from './merchant';
import { findMerchant, listMerchants } from './merchant.repository';
import { hashSecret, secretMatches } from './secret-hash';

/**
 * Merchants by code, held in memory: they are provisioned at start, so a token issuance costs one
 * HMAC and no database round trip. A code unknown here is looked up once (another instance may
 * have provisioned it) before it is refused.
 */
export class MerchantDirectory {
  private readonly byCode = new Map<string, Merchant>();
  private readonly decoyHash: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pepper: Buffer,
  ) {
    this.decoyHash = hashSecret(pepper, 'decoy');
  }

  async load(): Promise<void> {
    for (const merchant of await listMerchants(this.db)) this.byCode.set(merchant.code, merchant);
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

  async require(code: string): Promise<Merchant> {
    const merchant = await this.find(code);
    if (!merchant) throw new AppError('TOKEN_INVALID', 'The token names an unknown merchant.');
    return merchant;
  }

  /** Checks merchant credentials in constant time; unknown codes cost the same HMAC as known ones. */
  async authenticate(code: string, secret: string): Promise<Merchant> {
    const merchant = await this.find(code);
    const matches = secretMatches(this.pepper, secret, merchant?.secretHash ?? this.decoyHash);
    if (!merchant || !matches) {
      throw new AppError('INVALID_CREDENTIALS', 'The merchant code or secret is not valid.');
    }
    return merchant;
  }
}
