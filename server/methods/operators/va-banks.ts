import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { BankOperator } from './banks';

/** A bank issuing virtual accounts (VAPAY): the VA number's form and the bank's channels. */
export interface VaBank extends BankOperator {
  /** Our sandbox company prefix at the bank; the rest of the VA number identifies the payin. */
  vaPrefix: string;
  vaLength: number;
  mobileApp: string;
  internetBanking: string;
}

/** bankCode: the Indonesian interbank code (kode bank) and the Korean KFTC bank code. */
export const VA_BANKS: Partial<Record<CurrencyCode, readonly VaBank[]>> = {
  IDR: [
    bank('BCA', 'Bank Central Asia (BCA)', '014', '39358', 16, 'BCA mobile', 'KlikBCA'),
    bank('MANDIRI', 'Bank Mandiri', '008', '88908', 16, "Livin' by Mandiri", "Livin' by Mandiri web"),
    bank('BNI', 'Bank Negara Indonesia (BNI)', '009', '8808', 16, 'wondr by BNI', 'BNI Internet Banking'),
    bank('BRI', 'Bank Rakyat Indonesia (BRI)', '002', '26215', 15, 'BRImo', 'BRI Internet Banking'),
    bank('PERMATA', 'PermataBank', '013', '8528', 16, 'PermataMobile X', 'PermataNet'),
  ],
  KRW: [
    bank('KOOKMIN', 'KB Kookmin Bank', '004', '9400', 14, 'KB Star Banking', 'KB Internet Banking'),
    bank('SHINHAN', 'Shinhan Bank', '088', '5620', 14, 'Shinhan SOL Bank', 'Shinhan Internet Banking'),
    bank('WOORI', 'Woori Bank', '020', '2790', 13, 'Woori WON Banking', 'Woori Internet Banking'),
    bank('HANA', 'Hana Bank', '081', '2769', 14, 'Hana 1Q', 'Hana Internet Banking'),
    bank('NONGHYUP', 'NH NongHyup Bank', '011', '7900', 13, 'NH Smart Banking', 'NH Internet Banking'),
    bank('IBK', 'Industrial Bank of Korea (IBK)', '003', '0270', 14, 'i-ONE Bank', 'IBK Internet Banking'),
  ],
};

function bank(
  code: string,
  name: string,
  bankCode: string,
  vaPrefix: string,
  vaLength: number,
  mobileApp: string,
  internetBanking: string,
): VaBank {
  return { code, name, bankCode, vaPrefix, vaLength, mobileApp, internetBanking };
}
