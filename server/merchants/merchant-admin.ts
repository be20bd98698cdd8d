import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { METHOD_CODES } from '@/lib/methods';
import { moneyOf, toJsonAmount, type CurrencyCode } from '@/lib/money';
import {
  collectionAccountEntrySchema,
  payingAccountsOf,
  type CollectionAccount,
  type CollectionAccountEntry,
} from '../accounts';
import type { Database } from '../db';
import { AppError, type FieldError } from '../errors';
import { insertApiKey, newApiKeyId, newApiKeySecret, type ApiKey } from './api-keys';
import {
  CUSTOMER_EMAIL_KINDS,
  sendsCustomerEmail,
  type CustomerEmailKind,
  type FeeRule,
  type Merchant,
  type MerchantSettings,
} from './merchant';
import type { MerchantDirectory } from './merchant-directory';
import { insertMerchant, updateMerchant, type MerchantChange } from './merchant.repository';
import { merchantEntrySchema } from './merchants-file';
import {
  generateCallbackSecret,
  settingsFromEntry,
  storedCollectionAccounts,
  type EntryTerms,
} from './provision';
import { hashSecret } from './secret-hash';

const { secret: _secret, callbackSecret: _callbackSecret, ...operatorFields } = merchantEntrySchema.shape;

/**
 * A merchant as an operator creates it (docs/decisions/035): the merchants file's terms and rules,
 * without the secrets (the answer carries the first API key's secret) and with `test` said outright.
 */
export const newMerchantSchema = z.strictObject({ ...operatorFields, test: z.boolean() });
export type NewMerchant = z.output<typeof newMerchantSchema>;

/** What an operator changes of a merchant: each field given replaces the stored one; null clears it. */
export const merchantPatchSchema = z
  .strictObject({
    channelName: operatorFields.channelName,
    paymentMethods: operatorFields.paymentMethods.unwrap(),
    fees: operatorFields.fees.unwrap().nullable(),
    vatPercent: operatorFields.vatPercent.unwrap().nullable(),
    payoutFees: operatorFields.payoutFees.unwrap().nullable(),
    refundFee: operatorFields.refundFee.unwrap().nullable(),
    settlementDelaySeconds: operatorFields.settlementDelaySeconds.unwrap().nullable(),
    timeZone: operatorFields.timeZone.unwrap().nullable(),
    customerEmails: operatorFields.customerEmails.unwrap().nullable(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Give at least one field to change.',
    // Only when nothing else is wrong: a body of unknown fields is told which ones.
    when: (payload) => payload.issues.length === 0,
  });
export type MerchantPatch = z.output<typeof merchantPatchSchema>;

export { collectionAccountEntrySchema as collectionAccountInputSchema };

function presentFeeRules<Key extends string>(rules: Partial<Record<Key, FeeRule>> | undefined) {
  if (rules === undefined) return undefined;
  const presented: Partial<Record<Key, { percent: number; fixed?: Partial<Record<CurrencyCode, number>> }>> =
    {};
  for (const [key, rule] of Object.entries(rules) as [Key, FeeRule][]) {
    const fixed = Object.entries(rule.fixedMinor ?? {}) as [CurrencyCode, string][];
    presented[key] = {
      percent: rule.percentBps / 100,
      ...(fixed.length > 0 && {
        fixed: Object.fromEntries(
          fixed.map(([currency, minor]) => [currency, toJsonAmount(moneyOf(currency, BigInt(minor)))]),
        ),
      }),
    };
  }
  return presented;
}

/** The money settings in the merchants file's terms (percent, major units), as an operator gives them. */
function entryTermsOf(settings: MerchantSettings): EntryTerms {
  return {
    fees: presentFeeRules(settings.fees),
    vatPercent: settings.vatBps === undefined ? undefined : settings.vatBps / 100,
    payoutFees: presentFeeRules(settings.payoutFees),
    refundFee: settings.refundFee && presentFeeRules({ rule: settings.refundFee })?.rule,
    settlementDelaySeconds: settings.settlementDelaySecs,
    timeZone: settings.timeZone,
    customerEmails: settings.customerEmails,
  };
}

/** A collection account as the operator gave it, its feed's secrets only as whether they are set. */
function presentAccountForOperator(account: CollectionAccount) {
  const { feed, ...rest } = account;
  return {
    ...rest,
    feed: { apiKey: feed?.apiKeyHash !== undefined, webhookSecret: feed?.webhookSecret !== undefined },
  };
}

/** Every kind of customer e-mail and whether the merchant sends it (all said, so the answer is plain). */
function customerEmailsOf(settings: MerchantSettings): Record<CustomerEmailKind, boolean> {
  return Object.fromEntries(
    CUSTOMER_EMAIL_KINDS.map((kind) => [kind, sendsCustomerEmail(settings, kind)]),
  ) as Record<CustomerEmailKind, boolean>;
}

/** A merchant as the operator API answers it: the file's vocabulary, never a secret. */
export function presentMerchantForOperator(merchant: Merchant) {
  const terms = entryTermsOf(merchant.settings);
  return {
    merchantCode: merchant.code,
    channelName: merchant.channelName,
    test: merchant.isTest,
    paymentMethods: [...merchant.paymentMethods],
    fees: terms.fees ?? null,
    vatPercent: terms.vatPercent ?? null,
    payoutFees: terms.payoutFees ?? null,
    refundFee: terms.refundFee ?? null,
    settlementDelaySeconds: terms.settlementDelaySeconds ?? null,
    timeZone: terms.timeZone ?? null,
    customerEmails: customerEmailsOf(merchant.settings),
    collectionAccounts: merchant.collectionAccounts.map(presentAccountForOperator),
  };
}

function refused(message: string, errors: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', message, { errors });
}

/** A live payout leaves through the one account paying out its currency (decision 038). */
function assertOnePayingAccountPerCurrency(accounts: readonly CollectionAccount[], changedId: string): void {
  const paying = payingAccountsOf({ collectionAccounts: accounts });
  const changed = paying.find((account) => account.id === changedId);
  if (!changed) return;
  const other = paying.find((account) => account.id !== changedId && account.currency === changed.currency);
  if (other)
    throw refused(`Account ${other.id} already pays out ${changed.currency}.`, [
      {
        field: 'payouts',
        message: `Another account already pays out ${changed.currency}: one per currency.`,
      },
    ]);
}

/**
 * What operators do to merchants (docs/decisions/035): create one with its first API key, change
 * its terms, add and replace its collection accounts. The database is the source of truth; this
 * instance takes each change at once, the others at their next directory refresh.
 */
export class MerchantAdministration {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pepper: Buffer,
    private readonly directory: MerchantDirectory,
  ) {}

  /** A feed API key must name one account across every merchant (as in the merchants file). */
  private async checkFeedKeys(
    accounts: readonly CollectionAccountEntry[],
    fieldOf: (index: number) => string,
    own?: { merchantCode: string; accountId: string },
  ): Promise<void> {
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    for (const [index, account] of accounts.entries()) {
      const key = account.feed?.apiKey;
      if (key === undefined) continue;
      const holder = await this.directory.findByFeedApiKey(key);
      const isOwn =
        holder !== undefined &&
        own !== undefined &&
        holder.merchant.code === own.merchantCode &&
        holder.account.id === own.accountId;
      if ((holder && !isOwn) || seen.has(key))
        errors.push({
          field: fieldOf(index),
          message: "This feed API key is already another account's: each key names exactly one account.",
        });
      seen.add(key);
    }
    if (errors.length > 0) throw refused('A feed API key is already in use.', errors);
  }

  /** Creates the merchant and its first API key; the key's secret is in the answer only. */
  async create(input: NewMerchant): Promise<{ merchant: Merchant; key: ApiKey; secret: string }> {
    const accounts = input.collectionAccounts ?? [];
    await this.checkFeedKeys(accounts, (index) => `collectionAccounts.${index}.feed.apiKey`);
    const secret = newApiKeySecret(input.test);
    let key: ApiKey | undefined;
    const merchant = await insertMerchant(
      this.db,
      {
        code: input.merchantCode,
        // The merchants file's secret: a random value nobody is told, so only API keys sign in.
        secretHash: hashSecret(this.pepper, randomBytes(32).toString('base64url')),
        channelName: input.channelName,
        // As in the merchants file: no list means every method.
        paymentMethods: input.paymentMethods ?? METHOD_CODES,
        isTest: input.test,
        generatedCallbackSecret: generateCallbackSecret(),
        settings: settingsFromEntry(input),
        collectionAccounts: storedCollectionAccounts(this.pepper, accounts),
      },
      async (tx, created) => {
        key = await insertApiKey(tx, {
          id: newApiKeyId(),
          merchantCode: created.code,
          name: 'First key',
          secretHash: hashSecret(this.pepper, secret).toString('hex'),
          operations: undefined,
          allowedAddresses: undefined,
          expiresAt: undefined,
        });
      },
    );
    if (!merchant || !key)
      throw new AppError('MERCHANT_ALREADY_EXISTS', `A merchant ${input.merchantCode} already exists.`);
    this.directory.remember(merchant);
    this.directory.rememberKey(key);
    return { merchant, key, secret };
  }

  private async change(
    code: string,
    change: (merchant: Merchant) => MerchantChange | Promise<MerchantChange>,
  ): Promise<{ before: Merchant; after: Merchant }> {
    const changed = await updateMerchant(this.db, code, change);
    if (!changed) throw new AppError('MERCHANT_NOT_FOUND', `There is no merchant ${code}.`);
    this.directory.remember(changed.after);
    return changed;
  }

  /** Changes the merchant's name, methods or money terms. */
  update(code: string, patch: MerchantPatch): Promise<{ before: Merchant; after: Merchant }> {
    return this.change(code, (merchant) => {
      const terms = entryTermsOf(merchant.settings);
      const merged: EntryTerms = {
        fees: patch.fees === undefined ? terms.fees : (patch.fees ?? undefined),
        vatPercent: patch.vatPercent === undefined ? terms.vatPercent : (patch.vatPercent ?? undefined),
        payoutFees: patch.payoutFees === undefined ? terms.payoutFees : (patch.payoutFees ?? undefined),
        refundFee: patch.refundFee === undefined ? terms.refundFee : (patch.refundFee ?? undefined),
        settlementDelaySeconds:
          patch.settlementDelaySeconds === undefined
            ? terms.settlementDelaySeconds
            : (patch.settlementDelaySeconds ?? undefined),
        timeZone: patch.timeZone === undefined ? terms.timeZone : (patch.timeZone ?? undefined),
        customerEmails:
          patch.customerEmails === undefined ? terms.customerEmails : (patch.customerEmails ?? undefined),
      };
      return {
        channelName: patch.channelName ?? merchant.channelName,
        paymentMethods: patch.paymentMethods ?? merchant.paymentMethods,
        settings: settingsFromEntry(merged),
        collectionAccounts: merchant.collectionAccounts,
      };
    });
  }

  /** Adds a collection account; its id must be new for the merchant. */
  async addAccount(code: string, account: CollectionAccountEntry): Promise<Merchant> {
    await this.checkFeedKeys([account], () => 'feed.apiKey');
    const { after } = await this.change(code, (merchant) => {
      if (merchant.collectionAccounts.some((existing) => existing.id === account.id))
        throw new AppError(
          'COLLECTION_ACCOUNT_ALREADY_EXISTS',
          `The merchant already has an account ${account.id}; change it with PUT.`,
        );
      const collectionAccounts = [
        ...merchant.collectionAccounts,
        ...storedCollectionAccounts(this.pepper, [account]),
      ];
      assertOnePayingAccountPerCurrency(collectionAccounts, account.id);
      return {
        channelName: merchant.channelName,
        paymentMethods: merchant.paymentMethods,
        settings: merchant.settings,
        collectionAccounts,
      };
    });
    return after;
  }

  /**
   * Replaces a collection account (its id stays). Without `feed` the stored feed credentials are
   * kept: they are held only as hashes, so an operator could not send them back.
   */
  async replaceAccount(
    code: string,
    id: string,
    account: CollectionAccountEntry,
  ): Promise<{ before: CollectionAccount; after: Merchant }> {
    if (account.id !== id)
      throw refused('The account id cannot change.', [{ field: 'id', message: `Must be ${id}.` }]);
    await this.checkFeedKeys([account], () => 'feed.apiKey', { merchantCode: code, accountId: id });
    let before: CollectionAccount | undefined;
    const { after } = await this.change(code, (merchant) => {
      before = merchant.collectionAccounts.find((existing) => existing.id === id);
      if (!before)
        throw new AppError('COLLECTION_ACCOUNT_NOT_FOUND', `The merchant has no collection account ${id}.`);
      const [stored] = storedCollectionAccounts(this.pepper, [account]);
      const replacement: CollectionAccount = {
        ...stored!,
        ...(account.feed === undefined && before.feed && { feed: before.feed }),
      };
      const collectionAccounts = merchant.collectionAccounts.map((existing) =>
        existing.id === id ? replacement : existing,
      );
      assertOnePayingAccountPerCurrency(collectionAccounts, id);
      return {
        channelName: merchant.channelName,
        paymentMethods: merchant.paymentMethods,
        settings: merchant.settings,
        collectionAccounts,
      };
    });
    return { before: before!, after };
  }

  /** A new API key for the merchant, issued by the operator (a merchant that lost every key). */
  async issueKey(code: string, name: string): Promise<{ key: ApiKey; secret: string }> {
    const merchant = await this.directory.find(code);
    if (!merchant) throw new AppError('MERCHANT_NOT_FOUND', `There is no merchant ${code}.`);
    return this.directory.createApiKey(merchant, {
      name,
      operations: undefined,
      allowedAddresses: undefined,
      expiresAt: undefined,
    });
  }
}

/** An account as the audit log records it: its coordinates, never a feed secret. */
export function auditedAccount(account: CollectionAccount) {
  return presentAccountForOperator(account);
}
