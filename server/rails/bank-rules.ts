import 'server-only';
import { ifscRegistryProblem, zenginRegistryProblem } from './bank-registries';
import type { BankCurrency } from './banks';
import { isValidNuban, passesLuhn } from './check-digits';

/** How one currency's domestic transfers identify the receiving bank and account. */
export interface BankRule {
  /** The bankCode's form (after trimming and upper-casing), and what to tell a merchant who missed it. */
  bankCodePattern: RegExp;
  /** A further normalisation of the upper-cased code, for a rail with one written form. */
  normaliseBankCode?: (code: string) => string;
  bankCodeHint: string;
  /**
   * How many leading characters of a bankCode name the bank, where the code also names a branch
   * (IFSC, Zengin bank-branch, Ghanaian sort code, BIC11); the whole code otherwise.
   */
  bankPrefixLength?: number;
  /**
   * Whether the catalogue bank's code can stand for bankCode when only paymentOperatorCode is sent;
   * false where the rail needs the branch, which a bank does not imply.
   */
  operatorSuppliesBankCode: boolean;
  /**
   * Whether bankCode must name a bank of the payout catalogue. Not for India: an IFSC is RBI's own
   * registry key and some 1,300 banks have one, far more than a catalogue lists.
   */
  catalogueOnly: boolean;
  /** The account number's form once spaces and dashes are removed. */
  accountPattern: RegExp;
  accountHint: string;
  /** The usual length of an account number, which the sandbox gives the accounts it derives. */
  typicalDigits: number;
  /**
   * Why a code of the right form is not in the country's registry (RBI's IFSCs, Zengin), where a
   * maintained one exists (bank-registries.ts); undefined when it is listed.
   */
  registryProblem?: (bankCode: string) => string | undefined;
  /** A check the account number must pass at this bank (check digits), as a message when it fails. */
  checkAccount?: (accountNumber: string, bankCode: string) => string | undefined;
}

const THREE_DIGITS = /^\d{3}$/;
const digits = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);

/** An account number of `min` to `max` digits, usually `typical`. */
const accountDigits = (min: number, max: number, typical: number) => ({
  accountPattern: digits(min, max),
  accountHint: `The account number: ${min} to ${max} digits.`,
  typicalDigits: typical,
});

/**
 * Banks named by SWIFT BIC (ISO 9362): four letters for the bank, the country, two for the location,
 * an optional branch; the first eight name the bank.
 */
const swiftBic = (country: string, example: string) => ({
  bankCodePattern: new RegExp(`^[A-Z]{4}${country}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$`),
  bankCodeHint: `The bank's SWIFT BIC, 8 or 11 characters (${example}).`,
  bankPrefixLength: 8,
});

export const BANK_RULES: Record<BankCurrency, BankRule> = {
  CNY: {
    bankCodePattern: THREE_DIGITS,
    bankCodeHint: "The bank's 3-digit CNAPS bank code (ICBC 102, CCB 105, Bank of China 104).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    // Payouts in China go to the recipient's debit card number (银行卡号), which carries a Luhn digit.
    accountPattern: digits(16, 19),
    accountHint: 'The bank card number: 16 to 19 digits.',
    typicalDigits: 19,
    checkAccount: (accountNumber) =>
      passesLuhn(accountNumber)
        ? undefined
        : 'This card number fails its check digit: a digit is probably mistyped.',
  },
  GHS: {
    bankCodePattern: /^\d{6}$/,
    bankCodeHint: 'A 6-digit GhIPSS sort code; its first two digits name the bank (GCB 04…, Ecobank 13…).',
    bankPrefixLength: 2,
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(10, 16, 12),
  },
  IDR: {
    bankCodePattern: THREE_DIGITS,
    bankCodeHint: "The bank's 3-digit kode bank (BCA 014, Mandiri 008, BNI 009, BRI 002).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(10, 16, 10),
  },
  INR: {
    // RBI: four letters for the bank, a 0 reserved for future use, six characters for the branch.
    bankCodePattern: /^[A-Z]{4}0[A-Z0-9]{6}$/,
    bankCodeHint: 'An IFSC: 4 letters, 0, then 6 letters or digits (HDFC0001234).',
    registryProblem: ifscRegistryProblem,
    bankPrefixLength: 4,
    operatorSuppliesBankCode: false,
    catalogueOnly: false,
    ...accountDigits(9, 18, 14),
  },
  JPY: {
    bankCodePattern: /^\d{4}-\d{3}$/,
    // Written "0005-001", "0005 001" or "0005001"; kept as "0005-001".
    normaliseBankCode: (code) => code.replace(/^(\d{4})[\s-]?(\d{3})$/, '$1-$2'),
    bankCodeHint: 'The 4-digit bank code and 3-digit branch code, as 0005-001 (MUFG Bank, head office).',
    registryProblem: zenginRegistryProblem,
    bankPrefixLength: 4,
    operatorSuppliesBankCode: false,
    catalogueOnly: true,
    // Zengin account numbers are 7 digits; shorter ones are written with leading zeros.
    accountPattern: /^\d{7}$/,
    accountHint: 'The account number: 7 digits (with leading zeros where the passbook shows fewer).',
    typicalDigits: 7,
  },
  KES: {
    bankCodePattern: /^\d{2}$/,
    bankCodeHint: "The bank's 2-digit CBK bank code (KCB 01, Co-op 11, Equity 68).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(10, 14, 12),
  },
  KRW: {
    bankCodePattern: THREE_DIGITS,
    bankCodeHint: "The bank's 3-digit KFTC bank code (KB Kookmin 004, Shinhan 088, Woori 020).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(10, 14, 12),
  },
  LAK: {
    bankCodePattern: /^[A-Z]{2,8}$/,
    bankCodeHint: "The bank's code: BCEL, LDB or APB.",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(13, 18, 16),
  },
  MYR: {
    ...swiftBic('MY', 'Maybank MBBEMYKL'),
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(10, 16, 12),
  },
  NGN: {
    bankCodePattern: THREE_DIGITS,
    bankCodeHint: "The bank's 3-digit CBN bank code (GTBank 058, Access 044, Zenith 057).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    accountPattern: /^\d{10}$/,
    accountHint: 'A 10-digit NUBAN.',
    typicalDigits: 10,
    checkAccount: (accountNumber, bankCode) =>
      isValidNuban(bankCode, accountNumber)
        ? undefined
        : `Not a NUBAN of bank ${bankCode}: its check digit does not match. Check the number and the bank.`,
  },
  PHP: {
    ...swiftBic('PH', 'BDO BNORPHMM'),
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(10, 16, 12),
  },
  THB: {
    bankCodePattern: THREE_DIGITS,
    bankCodeHint: "The bank's 3-digit code (Bangkok Bank 002, Kasikornbank 004, SCB 014).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    // Commercial banks number accounts with 10 digits; GSB and BAAC with 12.
    accountPattern: /^(?:\d{10}|\d{12})$/,
    accountHint: 'The account number: 10 digits (12 at the Government Savings Bank and BAAC).',
    typicalDigits: 10,
  },
  VND: {
    bankCodePattern: /^970\d{3}$/,
    bankCodeHint: "The bank's NAPAS BIN: 6 digits starting 970 (Vietcombank 970436).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(6, 19, 13),
  },
  ZAR: {
    bankCodePattern: /^\d{6}$/,
    bankCodeHint: "The bank's 6-digit universal branch code (FNB 250655, Absa 632005, Capitec 470010).",
    operatorSuppliesBankCode: true,
    catalogueOnly: true,
    ...accountDigits(9, 11, 10),
  },
};

/** The part of a bankCode that names the bank. */
export function bankPrefix(rule: BankRule, bankCode: string): string {
  return rule.bankPrefixLength === undefined ? bankCode : bankCode.slice(0, rule.bankPrefixLength);
}

/** A bankCode as the rail takes it: trimmed and upper-cased (IFSC, BIC), then the rule's own form. */
export function normaliseBankCode(rule: BankRule, text: string): string {
  const code = text.trim().toUpperCase();
  return rule.normaliseBankCode ? rule.normaliseBankCode(code) : code;
}
