import 'server-only';
import type { CurrencyCode, Money } from '@/lib/money';
import type { CollectionAccount } from '../accounts';
import { describeNeed, findAccountFor } from '../accounts';
import { AppError } from '../errors';
import type { Merchant } from '../merchants';
import type { MethodCode } from '@/lib/methods';
import { requireAdapter, type MethodAdapter, type PaymentOperator } from '../methods';
import { findConnector, type ProcessorConnector } from '../methods';
import { resolveOperator } from './create-rules';
import type { Db } from '../db';
import { heldCollectionAddresses } from './payin.repository';

/** Where a payin's money is collected, decided before it is stored (docs/decisions/028). */
export interface CollectionPlan {
  operator: PaymentOperator | undefined;
  /** The configured account it is payable to; undefined for connector methods and test merchants without one. */
  account: CollectionAccount | undefined;
  /** The processor connector that starts connector methods' payments. */
  connector: ProcessorConnector | undefined;
  /** The customer pays a unique amount: the method's rule, or a crypto account with one address. */
  uniqueAmount: boolean;
}

type Offer = { operators: readonly PaymentOperator[] } | { missing: string };

/**
 * What a merchant is offered of a method in a currency. Test merchants: everything (the sandbox
 * derives what they have not configured). Live merchants: a connector method only with a live
 * connector; an account method only with a matching account, and only the operators (banks,
 * networks, acquirers) one is held at.
 */
function offer(merchant: Merchant, adapter: MethodAdapter, currency: CurrencyCode): Offer {
  const all = adapter.operators(currency);
  if (merchant.isTest) return { operators: all };
  const collection = adapter.collection;
  if (collection.by === 'connector') {
    return findConnector({ method: adapter.code, currency, live: true })
      ? { operators: all }
      : { missing: `no live processor connector serves ${adapter.code} in ${currency}` };
  }
  const accounts = merchant.collectionAccounts;
  const served = all.filter((operator) =>
    findAccountFor(accounts, collection.need(currency, operator.code), currency),
  );
  const withoutOperator =
    (!adapter.assignsDefaultOperator || all.length === 0) &&
    findAccountFor(accounts, collection.need(currency, undefined), currency) !== undefined;
  if (served.length > 0 || withoutOperator) return { operators: served };
  return { missing: describeNeed({ type: collection.need(currency, undefined).type }, currency) };
}

/** The operators offered for the method, or undefined when the merchant cannot be offered it at all. */
export function offeredOperators(
  merchant: Merchant,
  adapter: MethodAdapter,
  currency: CurrencyCode,
): readonly PaymentOperator[] | undefined {
  const offered = offer(merchant, adapter, currency);
  return 'missing' in offered ? undefined : offered.operators;
}

/** A method a live merchant has configured yet cannot be offered in a currency, and what is missing. */
export interface LiveGap {
  method: MethodCode;
  currency: CurrencyCode;
  missing: string;
}

/** The live merchant's configured methods it cannot be offered, and what to configure (start-up warning). */
export function liveGaps(merchant: Merchant): LiveGap[] {
  if (merchant.isTest) return [];
  return merchant.paymentMethods.flatMap((method) => {
    const adapter = requireAdapter(method);
    return adapter.currencies.flatMap((currency) => {
      const offered = offer(merchant, adapter, currency);
      return 'missing' in offered ? [{ method, currency, missing: offered.missing }] : [];
    });
  });
}

function notAvailable(input: { method: string; where: string; missing: string; field: string }): AppError {
  return new AppError(
    'PAYMENT_METHOD_NOT_AVAILABLE',
    `${input.method} is not available live${input.where} for this merchant: ${input.missing}.`,
    { errors: [{ field: input.field, message: `Not available live: ${input.missing}.` }] },
  );
}

/**
 * Which account or connector collects a new payin, and its operator (the request's, else the first
 * offered where the method assigns one); 422 PAYMENT_METHOD_NOT_AVAILABLE when a live merchant has
 * nothing that can collect it.
 */
export function planCollection(input: {
  merchant: Merchant;
  adapter: MethodAdapter;
  money: Money;
  operatorCode: string | undefined;
}): CollectionPlan {
  const { merchant, adapter, money } = input;
  const currency = money.currency;
  const offered = offer(merchant, adapter, currency);
  const methodField = 'paymentMethod.paymentMethodCode';
  if ('missing' in offered)
    throw notAvailable({ method: adapter.code, where: '', missing: offered.missing, field: methodField });

  let operator: PaymentOperator | undefined;
  if (input.operatorCode === undefined) {
    operator = adapter.assignsDefaultOperator ? offered.operators[0] : undefined;
  } else {
    operator = resolveOperator(adapter, money, input.operatorCode);
    if (operator && !offered.operators.some((candidate) => candidate.code === operator?.code)) {
      const collection = adapter.collection;
      const missing =
        collection.by === 'account'
          ? describeNeed(collection.need(currency, operator.code), currency)
          : `no live processor connector serves ${adapter.code} at ${operator.code}`;
      throw notAvailable({
        method: adapter.code,
        where: ` at ${operator.code}`,
        missing,
        field: 'paymentMethod.paymentOperatorCode',
      });
    }
  }

  const collection = adapter.collection;
  if (collection.by === 'connector') {
    const connector = findConnector({ method: adapter.code, currency, live: !merchant.isTest });
    if (!connector)
      throw notAvailable({
        method: adapter.code,
        where: '',
        missing: `no processor connector serves ${adapter.code} in ${currency}`,
        field: methodField,
      });
    return { operator, account: undefined, connector, uniqueAmount: adapter.uniqueAmount };
  }
  const need = collection.need(currency, operator?.code);
  const account = findAccountFor(merchant.collectionAccounts, need, currency);
  if (!account && !merchant.isTest)
    throw notAvailable({
      method: adapter.code,
      where: '',
      missing: describeNeed(need, currency),
      field: methodField,
    });
  const singleAddress = account?.type === 'CRYPTO' && account.addresses.length === 1;
  return { operator, account, connector: undefined, uniqueAmount: adapter.uniqueAmount || singleAddress };
}

/**
 * An address of a rotating crypto account no open payin holds (a random free one, so concurrent
 * creates spread out; the open-address unique index decides between them), or undefined when all are held.
 */
export async function pickCollectionAddress(
  db: Db,
  input: { merchantCode: string; account: CollectionAccount },
  random: () => number = Math.random,
): Promise<string | undefined> {
  if (input.account.type !== 'CRYPTO' || input.account.addresses.length < 2) return undefined;
  const held = await heldCollectionAddresses(db, {
    merchantCode: input.merchantCode,
    accountId: input.account.id,
  });
  const free = input.account.addresses.filter((address) => !held.has(address));
  return free[Math.floor(random() * free.length)];
}
