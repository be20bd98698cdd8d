import 'server-only';
import { z } from 'zod';
import {
  addressProblem,
  BANK_RULES,
  CRYPTO_NETWORKS,
  DUITNOW_ACQUIRERS,
  ifscRegistryProblem,
  napasBank,
  passesLuhn,
  promptPayIdProblem,
  QRIS_CRITERIA,
  tokenContractAt,
  vpaProblem,
  zenginRegistryProblem,
} from '../rails';
import { COLLECTION_BANK_CURRENCIES, collectionBanks } from './collection-banks';

/** Standard Webhooks signing secret: whsec_ and base64 of 24 to 64 random bytes. */
export const webhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'Use the Standard Webhooks form whsec_<base64>.')
  .refine((value) => {
    const bytes = Buffer.from(value.slice('whsec_'.length), 'base64').length;
    return bytes >= 24 && bytes <= 64;
  }, 'The secret must hold 24 to 64 random bytes.');

const feedSchema = z
  .object({
    /** What the bank feed or chain watcher sends as its API key; stored only as its keyed hash. */
    apiKey: z
      .string()
      .min(32, 'A feed API key is at least 32 characters of random data.')
      .max(256)
      .optional(),
    webhookSecret: webhookSecretSchema.optional(),
  })
  .refine((feed) => feed.apiKey !== undefined || feed.webhookSecret !== undefined, {
    message: 'Give the feed an apiKey, a webhookSecret, or both.',
  });

/** What an EMVCo merchant-presented QR shows the payer (tags 52 and 60). */
const qrMerchant = {
  merchantCategoryCode: z.string().regex(/^\d{4}$/, 'The 4-digit ISO 18245 merchant category code (MCC).'),
  merchantCity: z.string().trim().min(1).max(15, 'At most 15 characters (EMVCo tag 60).'),
};

const base = {
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Lowercase letters, digits and hyphens, 1 to 40 characters.'),
  accountName: z.string().trim().min(1).max(140),
  feed: feedSchema.optional(),
};

const fromProblem =
  (problem: (value: string) => string | undefined) => (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  };

/**
 * The account also pays out, by files uploaded to the bank's business portal (docs/decisions/038):
 * the format, and what the bank's portal knows the company and the account's bank by.
 */
const payoutFileSchema = z.strictObject({
  format: z.literal('pain.001', { error: 'The payout file format: "pain.001" (ISO 20022 pain.001.001.09).' }),
  /** The account's bank's BIC for the file's DbtrAgt (8 or 11 characters); else its bank code. */
  bic: z
    .string()
    .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, 'A SWIFT BIC: 8 or 11 characters, e.g. KASITHBK.')
    .optional(),
  /** The company's id at the bank (InitgPty/Id/OrgId/Othr/Id), when its portal asks for one. */
  initiatingPartyId: z.string().trim().min(1).max(35).optional(),
});

const bankAccountSchema = z
  .object({
    ...base,
    type: z.literal('BANK_ACCOUNT'),
    currency: z.enum(COLLECTION_BANK_CURRENCIES),
    bank: z.string(),
    accountNumber: z.string().transform((value) => value.replace(/[\s-]/g, '')),
    branch: z.object({ code: z.string().trim().min(1), name: z.string().trim().min(1).max(70) }).optional(),
    payouts: payoutFileSchema.optional(),
  })
  .superRefine((account, ctx) => {
    const banks = collectionBanks(account.currency);
    const bank = banks.find((candidate) => candidate.code === account.bank);
    if (!bank) {
      ctx.addIssue({
        code: 'custom',
        path: ['bank'],
        message: `Not a bank we collect ${account.currency} at; one of ${banks.map((b) => b.code).join(', ')}.`,
      });
    }
    const rule = BANK_RULES[account.currency];
    const problem = !rule.accountPattern.test(account.accountNumber)
      ? rule.accountHint
      : bank && rule.checkAccount?.(account.accountNumber, bank.bankCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: problem });
    // Domestic transfers in Japan (Zengin) and India (IMPS/NEFT) name the branch; a bank does not imply it.
    if (account.currency === 'JPY' && !/^\d{3}$/.test(account.branch?.code ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['branch'],
        message: 'Required: { code: the 3-digit branch code, name }.',
      });
    } else if (account.currency === 'JPY' && bank) {
      const unlisted = zenginRegistryProblem(`${bank.bankCode.slice(0, 4)}-${account.branch!.code}`);
      if (unlisted) ctx.addIssue({ code: 'custom', path: ['branch', 'code'], message: unlisted });
    }
    if (account.currency === 'INR') {
      const ifsc = account.branch?.code.toUpperCase() ?? '';
      if (
        !BANK_RULES.INR.bankCodePattern.test(ifsc) ||
        (bank && ifsc.slice(0, 4) !== bank.bankCode.slice(0, 4))
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['branch'],
          message: `Required: { code: the branch IFSC${bank ? ` (${bank.bankCode.slice(0, 4)}0…)` : ''}, name }.`,
        });
      } else {
        const unlisted = ifscRegistryProblem(ifsc);
        if (unlisted) ctx.addIssue({ code: 'custom', path: ['branch', 'code'], message: unlisted });
      }
    }
  });

const promptPaySchema = z.object({
  ...base,
  type: z.literal('PROMPTPAY'),
  currency: z.literal('THB').default('THB'),
  promptPayId: z.string().superRefine(fromProblem(promptPayIdProblem)),
});

const duitNowSchema = z.object({
  ...base,
  ...qrMerchant,
  type: z.literal('DUITNOW'),
  currency: z.literal('MYR').default('MYR'),
  acquirer: z.enum(DUITNOW_ACQUIRERS.map((acquirer) => acquirer.code) as [string, ...string[]], {
    message: `The acquiring bank: one of ${DUITNOW_ACQUIRERS.map((acquirer) => acquirer.code).join(', ')}.`,
  }),
  duitNowId: z
    .string()
    .regex(/^\d{6,20}$/, 'The DuitNow merchant account ID the acquirer issued: 6 to 20 digits.'),
});

const vietQrSchema = z.object({
  ...base,
  type: z.literal('VIETQR'),
  currency: z.literal('VND').default('VND'),
  bin: z.string().refine((bin) => napasBank(bin) !== undefined, {
    message: `Not a NAPAS BIN we know: the bank's 6-digit BIN, e.g. ${collectionBanks('VND')
      .slice(0, 3)
      .map((bank) => bank.bankCode)
      .join(', ')}.`,
  }),
  accountNumber: z.string().regex(/^\d{6,19}$/, 'The account number: 6 to 19 digits.'),
});

const qrisSchema = z.object({
  ...base,
  ...qrMerchant,
  type: z.literal('QRIS'),
  currency: z.literal('IDR').default('IDR'),
  nmid: z.string().regex(/^ID\d{13}$/, 'The National Merchant ID: ID followed by 13 digits.'),
  acquirerDomain: z
    .string()
    .regex(
      /^[A-Z0-9-]+(\.[A-Z0-9-]+)+$/,
      "The acquirer's reverse domain in capitals, e.g. ID.CO.BANKMANDIRI.WWW.",
    )
    .max(32),
  merchantPan: z
    .string()
    .regex(
      /^\d{16,19}$/,
      "The merchant PAN: the acquirer's 8-digit NNS and the merchant's digits, 16 to 19 digits.",
    )
    .refine(passesLuhn, {
      message: 'This merchant PAN fails its Luhn check digit: a digit is probably mistyped.',
    }),
  merchantId: z
    .string()
    .regex(/^[A-Za-z0-9]{1,15}$/, 'The merchant ID at the acquirer: 1 to 15 letters or digits.'),
  criteria: z.enum(QRIS_CRITERIA),
  postalCode: z.string().regex(/^\d{5}$/, 'The 5-digit Indonesian postal code.'),
});

const qrPhSchema = z.object({
  ...base,
  ...qrMerchant,
  type: z.literal('QRPH'),
  currency: z.literal('PHP').default('PHP'),
  acquirerBic: z
    .string()
    .regex(
      BANK_RULES.PHP.bankCodePattern,
      "The acquirer's BIC: 8 or 11 characters of a Philippine bank (BNORPHMMXXX).",
    ),
  merchantId: z
    .string()
    .regex(/^[A-Za-z0-9]{1,25}$/, 'The merchant ID the acquirer issued: 1 to 25 letters or digits.'),
});

const upiSchema = z.object({
  ...base,
  type: z.literal('UPI'),
  currency: z.literal('INR').default('INR'),
  vpa: z.string().superRefine(fromProblem(vpaProblem)),
});

const cryptoSchema = z
  .object({
    ...base,
    type: z.literal('CRYPTO'),
    currency: z.enum(['USDT', 'USDC']),
    network: z.string(),
    addresses: z.array(z.string().trim()).min(1, 'At least one address.'),
  })
  .superRefine((account, ctx) => {
    const networks = CRYPTO_NETWORKS[account.currency] ?? [];
    const network = networks.find((candidate) => candidate.code === account.network);
    if (!network) {
      ctx.addIssue({
        code: 'custom',
        path: ['network'],
        message: `Not a network we take ${account.currency} on; one of ${networks.map((n) => n.code).join(', ')}.`,
      });
      return;
    }
    const seen = new Set<string>();
    account.addresses.forEach((address, index) => {
      const key = network.family === 'EVM' ? address.toLowerCase() : address;
      const problem =
        addressProblem(network.family, address) ??
        (tokenContractAt(network, address) && 'This is a token contract, not a wallet: it cannot receive.') ??
        (seen.has(key) ? 'Listed twice.' : undefined);
      seen.add(key);
      if (problem) ctx.addIssue({ code: 'custom', path: ['addresses', index], message: problem });
    });
  });

/** One collection account as the merchants file declares it (docs/decisions/028). */
export const collectionAccountEntrySchema = z.discriminatedUnion('type', [
  bankAccountSchema,
  promptPaySchema,
  duitNowSchema,
  vietQrSchema,
  qrisSchema,
  qrPhSchema,
  upiSchema,
  cryptoSchema,
]);

export type CollectionAccountEntry = z.infer<typeof collectionAccountEntrySchema>;

/**
 * A merchant's accounts: ids unique within the merchant. Checked even when an account has other
 * problems (`when`), so one start names them all.
 */
export const collectionAccountsSchema = z.array(collectionAccountEntrySchema).superRefine(
  (accounts: readonly unknown[], ctx) => {
    const seen = new Set<string>();
    accounts.forEach((account, index) => {
      const id = (account as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return;
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Account id ${id} is used twice.` });
      seen.add(id);
    });
    // A live payout goes out through the one account paying out its currency.
    const paying = new Set<unknown>();
    accounts.forEach((account, index) => {
      const entry = account as { payouts?: unknown; currency?: unknown } | null;
      if (entry?.payouts === undefined) return;
      if (paying.has(entry.currency))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'payouts'],
          message: `Another account already pays out ${String(entry.currency)}: one per currency.`,
        });
      paying.add(entry.currency);
    });
  },
  { when: (payload) => Array.isArray(payload.value) },
);

/**
 * Where a feed API key repeats across the file (every key must name one account). Reads the file as
 * given, so it can run while other parts of the file are still invalid.
 */
export function duplicateFeedKeys(merchants: readonly unknown[]): (string | number)[][] {
  const seen = new Set<string>();
  const paths: (string | number)[][] = [];
  merchants.forEach((merchant, merchantIndex) => {
    const accounts = (merchant as { collectionAccounts?: unknown } | null)?.collectionAccounts;
    if (!Array.isArray(accounts)) return;
    accounts.forEach((account: unknown, accountIndex) => {
      const key = (account as { feed?: { apiKey?: unknown } } | null)?.feed?.apiKey;
      if (typeof key !== 'string') return;
      if (seen.has(key)) paths.push([merchantIndex, 'collectionAccounts', accountIndex, 'feed', 'apiKey']);
      seen.add(key);
    });
  });
  return paths;
}
