import type { CurrencyCode } from '../money/currencies';

type Names = Partial<Record<string, string>>;

/**
 * Banks' own names in their country's language, by currency and operator code: a Thai customer
 * reads ธนาคารกสิกรไทย on a Thai page, Kasikornbank on an English one. The API keeps the English
 * names (they are data for merchants); the page shows these where the page's language is the
 * bank's. Names are the banks' official ones.
 */
const LOCAL_BANK_NAMES: Partial<Record<CurrencyCode, { locale: string; names: Names }>> = {
  THB: {
    locale: 'th',
    names: {
      KBANK: 'ธนาคารกสิกรไทย',
      SCB: 'ธนาคารไทยพาณิชย์',
      BBL: 'ธนาคารกรุงเทพ',
      KTB: 'ธนาคารกรุงไทย',
      BAY: 'ธนาคารกรุงศรีอยุธยา',
    },
  },
  JPY: {
    locale: 'ja',
    names: { MUFG: '三菱UFJ銀行', SMBC: '三井住友銀行', MIZUHO: 'みずほ銀行', JPBANK: 'ゆうちょ銀行' },
  },
  KRW: {
    locale: 'ko',
    names: {
      KOOKMIN: 'KB국민은행',
      SHINHAN: '신한은행',
      WOORI: '우리은행',
      HANA: '하나은행',
      NONGHYUP: 'NH농협은행',
      IBK: 'IBK기업은행',
    },
  },
  CNY: {
    locale: 'zh-CN',
    names: { ICBC: '中国工商银行', CCB: '中国建设银行', BOC: '中国银行', CMB: '招商银行' },
  },
  LAK: {
    locale: 'lo',
    names: {
      BCEL: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
      LDB: 'ທະນາຄານພັດທະນາລາວ',
      APB: 'ທະນາຄານສົ່ງເສີມກະສິກຳ',
    },
  },
  INR: {
    locale: 'hi',
    names: {
      SBI: 'भारतीय स्टेट बैंक',
      HDFC: 'एचडीएफसी बैंक',
      ICICI: 'आईसीआईसीआई बैंक',
      AXIS: 'ऐक्सिस बैंक',
      KOTAK: 'कोटक महिंद्रा बैंक',
      PNB: 'पंजाब नैशनल बैंक',
      BOB: 'बैंक ऑफ़ बड़ौदा',
    },
  },
};

/** Japanese branch names (支店名) of the collection accounts, by their three-digit branch code. */
const JAPANESE_BRANCHES: Names = {
  'MUFG:001': '本店',
  'SMBC:001': '本店営業部',
  'MIZUHO:110': '東京営業部',
  'JPBANK:018': '〇一八店',
};

/** The operator's name as the page's reader knows it: the bank's own name where their language is the bank's. */
export function localOperatorName(
  locale: string,
  currency: CurrencyCode,
  operator: { code: string; name: string },
): string {
  const local = LOCAL_BANK_NAMES[currency];
  return (local?.locale === locale ? local.names[operator.code] : undefined) ?? operator.name;
}

/** A Japanese branch's own name on a Japanese page, else the name the API gives. */
export function localBranchName(
  locale: string,
  operatorCode: string,
  branch: { code: string; name: string },
): string {
  return (locale === 'ja' ? JAPANESE_BRANCHES[`${operatorCode}:${branch.code}`] : undefined) ?? branch.name;
}

/**
 * An account's bank and branch as the reader knows them: the bank's own name where the reader's
 * language is the bank's (when the account is at the payment's operator), the Japanese branch's own
 * name on a Japanese page. The hosted page and the customer's e-mails show these.
 */
export function localAccountNames(
  locale: string,
  currency: CurrencyCode,
  account: {
    bankName?: string | undefined;
    bankBranch?: string | undefined;
    bankBranchCode?: string | undefined;
  },
  operator: { code: string; name: string } | undefined,
): { bankName: string | undefined; branchName: string | undefined } {
  const bankName =
    account.bankName &&
    (operator && operator.name === account.bankName
      ? localOperatorName(locale, currency, operator)
      : account.bankName);
  const branchName =
    account.bankBranch &&
    (account.bankBranchCode && operator
      ? localBranchName(locale, operator.code, { code: account.bankBranchCode, name: account.bankBranch })
      : account.bankBranch);
  return { bankName: bankName || undefined, branchName: branchName || undefined };
}
