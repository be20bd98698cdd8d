import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { COLLECTION_BANK_CURRENCIES, collectionBanks } from '../../accounts';
import { BANKS, banksOf, type Bank, type BankCurrency } from '../../rails';
import type { PaymentOperator } from '../port';

/** A bank operator; bankCode is the bank's domestic code as the method's rail names it. */
export interface BankOperator extends PaymentOperator {
  bankCode: string;
  /** The branch holding our account, where the rail needs it (Japanese transfers: 支店, three digits). */
  branch?: { code: string; name: string };
}

const operator = ({ code, name, bankCode }: Bank): BankOperator => ({ code, name, bankCode });

type Selection = Partial<Record<BankCurrency, readonly string[]>>;

function select(codes: Selection, as: (bank: Bank) => BankOperator = operator) {
  const lists: Partial<Record<CurrencyCode, readonly BankOperator[]>> = {};
  for (const [currency, list] of Object.entries(codes) as [BankCurrency, readonly string[]][])
    lists[currency] = banksOf(currency, list).map(as);
  return lists;
}

/**
 * Banks our offline collection accounts are held at (OFFLINE): the collection banks but India's
 * (P2A_V2 pays those), with the branch of the sandbox's account where a Japanese transfer names it.
 */
export const OFFLINE_BANKS: Partial<Record<CurrencyCode, readonly BankOperator[]>> = Object.fromEntries(
  COLLECTION_BANK_CURRENCIES.filter((currency) => currency !== 'INR').map((currency) => [
    currency,
    collectionBanks(currency).map((bank) => ({
      ...operator(bank),
      ...(currency === 'JPY' &&
        bank.sandboxBranch?.name !== undefined && {
          branch: { code: bank.sandboxBranch.code, name: bank.sandboxBranch.name },
        }),
    })),
  ]),
);

/** Banks the customer logs in to for an instant transfer (ONLINE); bankCode for MYR is the FPX code. */
export const ONLINE_BANKS = select(
  {
    INR: ['HDFC', 'ICICI', 'SBI', 'AXIS', 'KOTAK'],
    THB: ['KBANK', 'SCB', 'BBL', 'KTB', 'BAY'],
    MYR: ['MAYBANK', 'CIMB', 'PUBLIC_BANK', 'RHB', 'HONG_LEONG'],
    VND: ['VCB', 'TCB', 'ACB', 'MBBANK', 'BIDV'],
    ZAR: ['ABSA', 'FNB', 'NEDBANK', 'STANDARD_BANK', 'CAPITEC'],
  },
  (bank) => ({ ...operator(bank), bankCode: bank.fpxCode ?? bank.bankCode }),
);

/** Indian banks with netbanking logins (NETBANKING); bankCode is the IFSC bank prefix. */
export const NETBANKING_BANKS: readonly BankOperator[] = BANKS.INR.map(operator);

/** A bank whose app receives Pay Me requests; Pay Me works only between clients of the same bank. */
export interface PayMeBank extends BankOperator {
  app: string;
}

export const PAY_ME_BANKS: readonly PayMeBank[] = banksOf('ZAR', [
  'CAPITEC',
  'ABSA',
  'FNB',
  'NEDBANK',
  'STANDARD_BANK',
]).map((bank) => ({ ...operator(bank), app: bank.app ?? bank.name }));

/** P2A_V2 wire variant: our current accounts at Indian banks; bankCode is the branch IFSC. */
export const P2A_V2_BANKS: readonly BankOperator[] = collectionBanks('INR').map((bank) => ({
  ...operator(bank),
  bankCode: bank.sandboxBranch?.code ?? bank.bankCode,
}));

/** A bank issuing virtual accounts (VAPAY): the VA number's form and the bank's channels. */
export interface VaBank extends BankOperator {
  /** Our sandbox company prefix at the bank; the rest of the VA number identifies the payin. */
  vaPrefix: string;
  vaLength: number;
  mobileApp: string;
  internetBanking: string;
}

function vaBanks(currency: BankCurrency): readonly VaBank[] {
  return BANKS[currency].flatMap((bank) =>
    bank.virtualAccounts
      ? [
          {
            ...operator(bank),
            vaPrefix: bank.virtualAccounts.sandboxPrefix,
            vaLength: bank.virtualAccounts.length,
            mobileApp: bank.mobileApp ?? bank.name,
            internetBanking: bank.internetBanking ?? bank.name,
          },
        ]
      : [],
  );
}

/** bankCode: the Indonesian interbank code (kode bank) and the Korean KFTC bank code. */
export const VA_BANKS: Partial<Record<CurrencyCode, readonly VaBank[]>> = {
  IDR: vaBanks('IDR'),
  KRW: vaBanks('KRW'),
};
