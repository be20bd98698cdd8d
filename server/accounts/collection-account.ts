import type { CurrencyCode } from '@/lib/money';

/*
 * Where a live merchant's customers really pay (docs/decisions/028-live-collection-and-reconciliation.md):
 * the receiving coordinates the operator configured in the merchants file, one type per kind of
 * account (lib/methods: COLLECTION_ACCOUNT_TYPES). Adapters build live responses and QR/UPI payloads
 * only from these; reconciliation matches incoming transactions of an account against the open
 * payins created to it.
 */

export { COLLECTION_ACCOUNT_TYPES, type CollectionAccountType } from '@/lib/methods';

/** How a bank feed or chain watcher proves it speaks for the account (POST /collection/transactions). */
export interface CollectionFeedAuth {
  /** Keyed hash (server/merchants/secret-hash.ts) of the feed's API key; never the key itself. */
  apiKeyHash?: string;
  /** Standard Webhooks signing secret (whsec_...) the feed signs its deliveries with. */
  webhookSecret?: string;
}

interface CollectionAccountBase {
  /** Unique per merchant: [a-z0-9-], 1–40 characters. */
  id: string;
  currency: CurrencyCode;
  /** The account holder's name as the bank or scheme shows it to the payer. */
  accountName: string;
  feed?: CollectionFeedAuth;
}

/** How a bank account pays out: files for the bank's business portal (docs/decisions/038). */
export interface PayoutFileSettings {
  format: 'pain.001';
  /** The account's bank's BIC (the file's DbtrAgt); else its bank code is written. */
  bic?: string;
  /** The company's id at the bank (InitgPty/Id/OrgId/Othr/Id). */
  initiatingPartyId?: string;
}

export interface BankAccountCollection extends CollectionAccountBase {
  type: 'BANK_ACCOUNT';
  /** The bank's operator code in our catalogue (OFFLINE / P2A_V2 banks of the currency). */
  bank: string;
  accountNumber: string;
  branch?: { code: string; name: string };
  /** Set when the account also pays out the merchant's live payouts of its currency. */
  payouts?: PayoutFileSettings;
}

export interface PromptPayCollection extends CollectionAccountBase {
  type: 'PROMPTPAY';
  /** A 13-digit tax or citizen ID, a Thai mobile number (0XXXXXXXXX) or a 15-digit e-wallet ID. */
  promptPayId: string;
}

/** Where an EMVCo merchant-presented QR says the merchant is (tags 52, 60, 61); the name is accountName. */
export interface QrMerchantLocation {
  /** ISO 18245 merchant category code the acquirer registered (4 digits). */
  merchantCategoryCode: string;
  merchantCity: string;
}

export interface DuitNowCollection extends CollectionAccountBase, QrMerchantLocation {
  type: 'DUITNOW';
  /** The acquirer's operator code in our catalogue (QRMY: MAYBANK, RHB, OCBC). */
  acquirer: string;
  /** The merchant account ID the acquirer issued (tag 26, sub-tag 02). */
  duitNowId: string;
}

export interface VietQrCollection extends CollectionAccountBase {
  type: 'VIETQR';
  /** The bank's 6-digit NAPAS BIN. */
  bin: string;
  accountNumber: string;
}

export interface QrisCollection extends CollectionAccountBase, QrMerchantLocation {
  type: 'QRIS';
  /** The National Merchant ID (ID + 13 digits) the QRIS acquirer gave the merchant. */
  nmid: string;
  /** The acquirer's (PJSP's) reverse domain, e.g. ID.CO.BANKMANDIRI.WWW (tag 26, sub-tag 00). */
  acquirerDomain: string;
  /** The merchant PAN: the acquirer's 8-digit NNS, the merchant's digits and a Luhn check digit. */
  merchantPan: string;
  /** The merchant ID at the acquirer (tag 26, sub-tag 02). */
  merchantId: string;
  /** QRIS merchant criteria: UMI, UKE, UME, UBE or URE. */
  criteria: 'UMI' | 'UKE' | 'UME' | 'UBE' | 'URE';
  postalCode: string;
}

export interface QrPhCollection extends CollectionAccountBase, QrMerchantLocation {
  type: 'QRPH';
  /** The acquirer's BIC (8 or 11 characters, a Philippine bank: ....PH..), tag 28 sub-tag 01. */
  acquirerBic: string;
  /** The merchant ID the acquirer issued (tag 28, sub-tag 03). */
  merchantId: string;
}

export interface UpiCollection extends CollectionAccountBase {
  type: 'UPI';
  /** The merchant's UPI ID (VPA), e.g. bangkokbooks@okaxis. */
  vpa: string;
}

export interface CryptoCollection extends CollectionAccountBase {
  type: 'CRYPTO';
  /** The network's operator code in our catalogue (e.g. TRON, ETHEREUM). */
  network: string;
  /** One address (payins then carry a unique amount) or several handed out in turn, one per open payin. */
  addresses: readonly string[];
}

export type CollectionAccount =
  | BankAccountCollection
  | PromptPayCollection
  | DuitNowCollection
  | VietQrCollection
  | QrisCollection
  | QrPhCollection
  | UpiCollection
  | CryptoCollection;

/** A rotating crypto account hands out one address per open payin; others match by unique amount. */
export function rotatesAddresses(account: CollectionAccount): boolean {
  return account.type === 'CRYPTO' && account.addresses.length > 1;
}

/** The owner's accounts that pay out by file (bank accounts with `payouts`). */
export function payingAccountsOf(owner: {
  collectionAccounts: readonly CollectionAccount[];
}): BankAccountCollection[] {
  return owner.collectionAccounts.filter(
    (account): account is BankAccountCollection =>
      account.type === 'BANK_ACCOUNT' && account.payouts !== undefined,
  );
}

/** The account paying out the owner's live bank payouts in this currency (at most one). */
export function payoutAccountOf(
  owner: { collectionAccounts: readonly CollectionAccount[] },
  currency: CurrencyCode,
): BankAccountCollection | undefined {
  return payingAccountsOf(owner).find((account) => account.currency === currency);
}

/** The account with this id among an owner's accounts (ids are unique per merchant). */
export function findCollectionAccount(
  owner: { collectionAccounts: readonly CollectionAccount[] },
  accountId: string,
): CollectionAccount | undefined {
  return owner.collectionAccounts.find((account) => account.id === accountId);
}
