import type { Money } from '@/lib/money';
import type { Merchant } from '@/server/merchants';
import type { CustomerData, MethodAdapter, MethodResponseContext, PaymentOperator } from '@/server/methods';
import type { Payin } from '@/server/payins';

/** A sandbox merchant for unit tests of adapters and payloads. */
export function testMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    code: 'shop_42',
    secretHash: Buffer.alloc(32),
    channelName: 'Test Shop',
    paymentMethods: [],
    isTest: true,
    callbackSecret: 'whsec_dGVzdA==',
    settings: {},
    collectionAccounts: [],
    ...overrides,
  };
}

/** The context the payin service hands an adapter, as it would for this request. */
export function responseContext(input: {
  adapter: MethodAdapter;
  money: Money;
  operator?: PaymentOperator | undefined;
  customer?: CustomerData;
  requiredMoney?: Money;
  merchant?: Merchant;
  collection?: MethodResponseContext['collection'];
}): MethodResponseContext {
  const operator =
    input.operator ??
    (input.adapter.assignsDefaultOperator ? input.adapter.operators(input.money.currency)[0] : undefined);
  return {
    idPayin: 'order-1001',
    merchant: input.merchant ?? testMerchant(),
    money: input.money,
    requiredMoney: input.requiredMoney ?? (input.adapter.uniqueAmount ? input.money : undefined),
    operator,
    customer: input.customer ?? {},
    reference: 'K7Q2M9XD4T',
    expireAt: new Date('2030-01-15T10:00:00.000Z'),
    publicUrl: 'https://pay.example',
    collection: input.collection,
    processor: { redirectTo: 'https://pay.example/sandbox/institution/abc123' },
    isTest: input.merchant?.isTest ?? true,
  };
}

/** A stored payin of a method, as processAccount receives it. */
export function testPayin(input: {
  method: Payin['method'];
  money: Money;
  operatorCode?: string;
  customer?: CustomerData;
}): Payin {
  const now = new Date('2030-01-15T09:45:00.000Z');
  return {
    id: 1n,
    merchantCode: 'shop_42',
    idPayin: 'order-1001',
    status: 'PENDING',
    processorStatus: undefined,
    method: input.method,
    operatorCode: input.operatorCode,
    money: input.money,
    requiredMoney: undefined,
    fee: { currency: input.money.currency, minor: 0n },
    vat: undefined,
    isTest: true,
    callbackUrl: 'https://merchant.example/callbacks',
    returnUrl: 'https://merchant.example/return',
    reference: 'K7Q2M9XD4T',
    customer: input.customer ?? {},
    methodResponse: {},
    externalReference: undefined,
    receivedMoney: undefined,
    receivedLateMoney: undefined,
    customerAccountProcess: undefined,
    collectionAccountId: undefined,
    collectionAddress: undefined,
    paymentLink: undefined,
    customerLanguage: undefined,
    expireAt: new Date('2030-01-16T09:45:00.000Z'),
    createdAt: now,
    processedAt: undefined,
    updatedAt: now,
  };
}
