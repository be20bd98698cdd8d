import 'server-only';
import type { Kysely } from 'kysely';
import { savedStatementMappingSchema, type StatementMapping } from '@/lib/statements';
import { findCollectionAccount } from '../accounts';
import type { Clock } from '../clock';
import type { Database } from '../db';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Merchant } from '../merchants';
import { findStatementMapping, saveStatementMapping } from './statement-mapping.repository';

/** An account's saved mapping; `mapping` undefined: none saved, its CSV statements are read in our layout. */
export interface AccountStatementMapping {
  accountId: string;
  mapping: StatementMapping | undefined;
  updatedAt?: Date;
  updatedBy?: string;
}

/**
 * The column mapping saved per collection account (docs/decisions/040): a bank preset or the
 * merchant's columns, used for the account's CSV statements imported without one of their own.
 */
export class StatementMappingService {
  constructor(private readonly options: { db: Kysely<Database>; now: Clock; logger: Logger }) {}

  /** The account's saved mapping; 404 for an account the merchant does not have. */
  async get(merchant: Merchant, accountId: string): Promise<AccountStatementMapping> {
    const account = this.accountOf(merchant, accountId);
    return { accountId: account, ...(await this.stored(merchant, account)) };
  }

  /** Saves the mapping (parsed by savedStatementMappingSchema) for the account, replacing the one before. */
  async save(
    merchant: Merchant,
    accountId: string,
    input: { mapping: StatementMapping; actor: string },
  ): Promise<AccountStatementMapping> {
    const account = this.accountOf(merchant, accountId);
    const updatedAt = this.options.now();
    await saveStatementMapping(this.options.db, {
      merchantCode: merchant.code,
      accountId: account,
      mapping: input.mapping,
      updatedAt,
      updatedBy: input.actor,
    });
    return { accountId: account, mapping: input.mapping, updatedAt, updatedBy: input.actor };
  }

  /** The mapping a CSV import of the account uses when the request names none. */
  async savedFor(merchant: Merchant, accountId: string): Promise<StatementMapping | undefined> {
    return (await this.stored(merchant, accountId)).mapping;
  }

  private accountOf(merchant: Merchant, accountId: string): string {
    const account = findCollectionAccount(merchant, accountId);
    if (!account)
      throw new AppError(
        'COLLECTION_ACCOUNT_NOT_FOUND',
        `The merchant has no collection account ${accountId}.`,
      );
    return account.id;
  }

  private async stored(
    merchant: Merchant,
    accountId: string,
  ): Promise<Omit<AccountStatementMapping, 'accountId'>> {
    const row = await findStatementMapping(this.options.db, { merchantCode: merchant.code, accountId });
    if (!row) return { mapping: undefined };
    const parsed = savedStatementMappingSchema.safeParse(row.mapping);
    // Saved under rules a later version no longer has (a preset withdrawn): as if none were saved.
    if (!parsed.success) {
      this.options.logger.warn(
        { merchantCode: merchant.code, accountId, issues: parsed.error.issues },
        'saved statement mapping no longer valid; ignored',
      );
      return { mapping: undefined };
    }
    return { mapping: parsed.data, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
  }
}
