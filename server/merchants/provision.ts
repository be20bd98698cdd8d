import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { METHOD_CODES } from '@/lib/methods';
import { parseAmount, type CurrencyCode } from '@/lib/money';
import type { CollectionAccount } from '../accounts';
import type { CollectionAccountEntry } from '../accounts';
import type { Database } from '../db';
import type { FeeRule, Merchant, MerchantSettings } from './merchant';
import { upsertMerchant } from './merchant.repository';
import type { MerchantEntry, MerchantEntryFeeRule } from './merchants-file';
import { hashSecret } from './secret-hash';

export const DEMO_MERCHANT_CODE = 'demo';

export function generateCallbackSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function generateMerchantSecret(): string {
  return `sk_test_${randomBytes(24).toString('base64url')}`;
}

function toBps(percent: number): number {
  return Math.round(percent * 100);
}

function toFeeRules<Key extends string>(
  name: string,
  rules: Partial<Record<Key, MerchantEntryFeeRule>> | undefined,
): Partial<Record<Key, FeeRule>> {
  const fees: Partial<Record<Key, FeeRule>> = {};
  for (const [key, rule] of Object.entries(rules ?? {}) as [Key, MerchantEntryFeeRule][]) {
    const fixedMinor: Partial<Record<CurrencyCode, string>> = {};
    for (const [currency, amount] of Object.entries(rule.fixed ?? {}) as [CurrencyCode, number][]) {
      if (amount === 0) continue;
      const parsed = parseAmount(amount, currency);
      if (!parsed.ok) throw new Error(`${name}.${key}.fixed.${currency}: ${parsed.problem}`);
      fixedMinor[currency] = parsed.money.minor.toString();
    }
    fees[key] = { percentBps: toBps(rule.percent), fixedMinor };
  }
  return fees;
}

/** The money settings of a merchants file entry (or an operator's request, which speaks the same terms). */
/** The merchants file's terms that become a merchant's settings (what an operator may change too). */
export type EntryTerms = Pick<
  MerchantEntry,
  | 'fees'
  | 'vatPercent'
  | 'payoutFees'
  | 'refundFee'
  | 'settlementDelaySeconds'
  | 'timeZone'
  | 'customerEmails'
>;

export function settingsFromEntry(entry: EntryTerms): MerchantSettings {
  return {
    fees: toFeeRules('fees', entry.fees),
    ...(entry.vatPercent !== undefined && { vatBps: toBps(entry.vatPercent) }),
    ...(entry.payoutFees !== undefined && { payoutFees: toFeeRules('payoutFees', entry.payoutFees) }),
    ...(entry.refundFee !== undefined && {
      refundFee: toFeeRules('refundFee', { rule: entry.refundFee }).rule,
    }),
    ...(entry.settlementDelaySeconds !== undefined && { settlementDelaySecs: entry.settlementDelaySeconds }),
    ...(entry.timeZone !== undefined && { timeZone: entry.timeZone }),
    ...(entry.customerEmails !== undefined && { customerEmails: entry.customerEmails }),
  };
}

/** The file's accounts as stored: a feed's API key only as its keyed hash, its webhook secret as given. */
export function storedCollectionAccounts(
  pepper: Buffer,
  entries: readonly CollectionAccountEntry[] | undefined,
): CollectionAccount[] {
  return (entries ?? []).map(({ feed, ...account }) => ({
    ...account,
    ...(feed && {
      feed: {
        ...(feed.apiKey !== undefined && { apiKeyHash: hashSecret(pepper, feed.apiKey).toString('hex') }),
        ...(feed.webhookSecret !== undefined && { webhookSecret: feed.webhookSecret }),
      },
    }),
  }));
}

/** Upserts the merchants of MERCHANTS_FILE; secrets are stored only as keyed hashes. */
export async function provisionMerchants(
  db: Kysely<Database>,
  pepper: Buffer,
  entries: readonly MerchantEntry[],
): Promise<Merchant[]> {
  const merchants: Merchant[] = [];
  for (const entry of entries) {
    merchants.push(
      await upsertMerchant(db, {
        code: entry.merchantCode,
        secretHash: hashSecret(pepper, entry.secret),
        channelName: entry.channelName,
        paymentMethods: entry.paymentMethods ?? METHOD_CODES,
        isTest: entry.test,
        callbackSecret: entry.callbackSecret,
        generatedCallbackSecret: generateCallbackSecret(),
        settings: settingsFromEntry(entry),
        collectionAccounts: storedCollectionAccounts(pepper, entry.collectionAccounts),
      }),
    );
  }
  return merchants;
}

/**
 * Without MERCHANTS_FILE a sandbox merchant "demo" offers every method. Its secret cannot be read
 * back from the stored hash, so a fresh one is issued and printed at every start.
 */
export async function provisionDemoMerchant(
  db: Kysely<Database>,
  pepper: Buffer,
): Promise<{ merchant: Merchant; secret: string }> {
  const secret = generateMerchantSecret();
  const merchant = await upsertMerchant(db, {
    code: DEMO_MERCHANT_CODE,
    secretHash: hashSecret(pepper, secret),
    channelName: 'Demo Store',
    paymentMethods: METHOD_CODES,
    isTest: true,
    callbackSecret: undefined,
    generatedCallbackSecret: generateCallbackSecret(),
    settings: {},
    collectionAccounts: [],
  });
  return { merchant, secret };
}
