import { z } from 'zod';
import type { OperatorMerchantResource } from '@/lib/api/operator-responses';
import { COLLECTION_ACCOUNT_TYPES, type CollectionAccountType } from '@/lib/methods/descriptor';
import { MERCHANT_CODE_PATTERN } from '@/lib/schemas/primitives';

/**
 * The operator section's forms: a new merchant, its terms, a collection account, an invitation,
 * an API key. Messages are keys of `console.operator.errors`; the API checks everything again
 * (the merchants file's rules) and its field errors are shown next to the fields as it gives them.
 */

const ACCOUNT_ID = /^[a-z0-9-]{1,40}$/;
/** A percent with at most two decimals, 0 to 100 (the merchants file's rule); empty: none. */
const percentText = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100),
    'percent',
  );
/** Whole seconds up to 90 days; empty: none. */
const secondsText = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,8}$/.test(value) && Number(value) <= 90 * 86_400), 'seconds');
const channelName = z.string().trim().min(1, 'required').max(120, 'tooLong');

export const newMerchantFormSchema = z.object({
  merchantCode: z
    .string()
    .trim()
    .min(1, 'required')
    .refine((value) => MERCHANT_CODE_PATTERN.test(value), 'merchantCode'),
  channelName,
  // No default: whether a merchant is live cannot change, so the operator says it outright.
  mode: z.string().refine((value) => ['test', 'live'].includes(value), 'mode'),
  paymentMethods: z.array(z.string()),
  feePercent: percentText,
  vatPercent: percentText,
  settlementDelaySeconds: secondsText,
});
export type NewMerchantForm = z.infer<typeof newMerchantFormSchema>;

export const NEW_MERCHANT_DEFAULTS: NewMerchantForm = {
  merchantCode: '',
  channelName: '',
  mode: '',
  paymentMethods: [],
  feePercent: '',
  vatPercent: '',
  settlementDelaySeconds: '',
};

/** POST /operator/merchants: no method checked means every method; empty terms are left out. */
export function newMerchantBodyOf(values: NewMerchantForm): Record<string, unknown> {
  return {
    merchantCode: values.merchantCode.trim(),
    channelName: values.channelName.trim(),
    test: values.mode === 'test',
    ...(values.paymentMethods.length > 0 && { paymentMethods: values.paymentMethods }),
    ...(values.feePercent.trim() !== '' && { fees: { default: { percent: Number(values.feePercent) } } }),
    ...(values.vatPercent.trim() !== '' && { vatPercent: Number(values.vatPercent) }),
    ...(values.settlementDelaySeconds.trim() !== '' && {
      settlementDelaySeconds: Number(values.settlementDelaySeconds),
    }),
  };
}

export const termsFormSchema = z.object({
  channelName,
  paymentMethods: z.array(z.string()).min(1, 'methods'),
  feePercent: percentText,
  vatPercent: percentText,
  settlementDelaySeconds: secondsText,
});
export type TermsForm = z.infer<typeof termsFormSchema>;

const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The terms form as the merchant stands now. */
export function termsFormOf(merchant: OperatorMerchantResource): TermsForm {
  return {
    channelName: merchant.channelName,
    paymentMethods: [...merchant.paymentMethods],
    feePercent: textOf(merchant.fees?.default?.percent),
    vatPercent: textOf(merchant.vatPercent),
    settlementDelaySeconds: textOf(merchant.settlementDelaySeconds),
  };
}

/**
 * PATCH /operator/merchants/{code} with only what changed: an emptied field clears the term (null).
 * The form edits the default fee's percent only; the merchant's other fee rules and the default's
 * fixed parts are sent back as they were.
 */
export function termsPatchOf(merchant: OperatorMerchantResource, values: TermsForm): Record<string, unknown> {
  const before = termsFormOf(merchant);
  const patch: Record<string, unknown> = {};
  if (values.channelName.trim() !== before.channelName) patch.channelName = values.channelName.trim();
  if ([...values.paymentMethods].sort().join() !== [...before.paymentMethods].sort().join())
    patch.paymentMethods = values.paymentMethods;
  const fee = values.feePercent.trim();
  if (fee !== before.feePercent) {
    const { default: previous, ...others } = merchant.fees ?? {};
    if (fee !== '') patch.fees = { ...others, default: { ...previous, percent: Number(fee) } };
    else patch.fees = Object.keys(others).length > 0 ? others : null;
  }
  const vat = values.vatPercent.trim();
  if (vat !== before.vatPercent) patch.vatPercent = vat === '' ? null : Number(vat);
  const delay = values.settlementDelaySeconds.trim();
  if (delay !== before.settlementDelaySeconds)
    patch.settlementDelaySeconds = delay === '' ? null : Number(delay);
  return patch;
}

/** Where an API field error of the merchant forms belongs. */
export function merchantFieldOf(field: string): keyof NewMerchantForm | undefined {
  const head = field.split('.')[0];
  if (head === 'test') return 'mode';
  if (head === 'fees') return 'feePercent';
  if (
    head === 'merchantCode' ||
    head === 'channelName' ||
    head === 'paymentMethods' ||
    head === 'vatPercent' ||
    head === 'settlementDelaySeconds'
  )
    return head;
  return undefined;
}

/** The types of collection account (lib/methods), PromptPay first: the form's default, with fields of its own. */
export const ACCOUNT_TYPES: readonly CollectionAccountType[] = [
  'PROMPTPAY',
  ...COLLECTION_ACCOUNT_TYPES.filter((type) => type !== 'PROMPTPAY'),
];
export type AccountType = CollectionAccountType;

/** A valid example of each type, as the merchants file takes it, for the operator to edit. */
const TEMPLATES: Record<Exclude<AccountType, 'PROMPTPAY'>, Record<string, unknown>> = {
  BANK_ACCOUNT: {
    id: 'kbank',
    type: 'BANK_ACCOUNT',
    currency: 'THB',
    bank: 'KBANK',
    accountNumber: '123-4-56789-0',
    accountName: '',
  },
  DUITNOW: {
    id: 'duitnow',
    type: 'DUITNOW',
    acquirer: 'MAYBANK',
    duitNowId: '000000000012345678',
    merchantCategoryCode: '5942',
    merchantCity: 'KUALA LUMPUR',
    accountName: '',
  },
  VIETQR: { id: 'vietqr', type: 'VIETQR', bin: '970436', accountNumber: '0011001234567', accountName: '' },
  QRIS: {
    id: 'qris',
    type: 'QRIS',
    nmid: 'ID1020012345678',
    acquirerDomain: 'ID.CO.BANKMANDIRI.WWW',
    merchantPan: '936000080000123452',
    merchantId: '71234567',
    criteria: 'UME',
    postalCode: '10110',
    merchantCategoryCode: '5942',
    merchantCity: 'JAKARTA',
    accountName: '',
  },
  QRPH: {
    id: 'qrph',
    type: 'QRPH',
    acquirerBic: 'BNORPHMMXXX',
    merchantId: '123456789',
    merchantCategoryCode: '5942',
    merchantCity: 'MAKATI CITY',
    accountName: '',
  },
  UPI: { id: 'upi', type: 'UPI', vpa: 'shop@okaxis', accountName: '' },
  CRYPTO: {
    id: 'usdt-tron',
    type: 'CRYPTO',
    currency: 'USDT',
    network: 'TRON',
    addresses: ['TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV'],
    accountName: '',
  },
};

export function accountTemplate(type: AccountType): string {
  return type === 'PROMPTPAY' ? '' : JSON.stringify(TEMPLATES[type], null, 2);
}

export const accountFormSchema = z
  .object({
    type: z.enum(COLLECTION_ACCOUNT_TYPES),
    id: z.string().trim(),
    promptPayId: z.string().trim(),
    accountName: z.string().trim().max(140, 'tooLong'),
    json: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.type !== 'PROMPTPAY') {
      if (jsonObjectOf(values.json) === undefined)
        ctx.addIssue({ code: 'custom', path: ['json'], message: 'json' });
      return;
    }
    if (!ACCOUNT_ID.test(values.id)) ctx.addIssue({ code: 'custom', path: ['id'], message: 'accountId' });
    if (values.promptPayId === '')
      ctx.addIssue({ code: 'custom', path: ['promptPayId'], message: 'required' });
    if (values.accountName === '')
      ctx.addIssue({ code: 'custom', path: ['accountName'], message: 'required' });
  });
export type AccountForm = z.infer<typeof accountFormSchema>;

export const ACCOUNT_DEFAULTS: AccountForm = {
  type: 'PROMPTPAY',
  id: 'promptpay',
  promptPayId: '',
  accountName: '',
  json: '',
};

/** The text's JSON object, if it is one. */
export function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** POST /operator/merchants/{code}/collection-accounts: PromptPay from its fields, others as written. */
export function accountBodyOf(values: AccountForm): Record<string, unknown> {
  if (values.type !== 'PROMPTPAY') return { ...jsonObjectOf(values.json), type: values.type };
  return {
    id: values.id.trim(),
    type: 'PROMPTPAY',
    currency: 'THB',
    promptPayId: values.promptPayId.replace(/[\s-]/g, ''),
    accountName: values.accountName.trim(),
  };
}

/** Where an API field error of the PromptPay fields belongs (the JSON's fields stay in the summary). */
export function accountFieldOf(field: string): 'id' | 'promptPayId' | 'accountName' | undefined {
  const head = field.split('.')[0];
  return head === 'id' || head === 'promptPayId' || head === 'accountName' ? head : undefined;
}

/** An account as the API shows it, ready to be replaced: its feed credentials stay unless given. */
export function replaceTemplateOf(account: Record<string, unknown>): string {
  const { feed: _feed, ...rest } = account;
  return JSON.stringify(rest, null, 2);
}

export const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'required')
    .max(254, 'tooLong')
    .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'email'),
});
export type InviteForm = z.infer<typeof inviteFormSchema>;

export const keyFormSchema = z.object({
  name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
});
export type KeyForm = z.infer<typeof keyFormSchema>;
