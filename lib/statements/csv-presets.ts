import type { CurrencyCode } from '../money';
import type { CsvPreset } from './statement-fields';

/**
 * Bank CSV exports of our markets, read as the banks write them (docs/decisions/040): local-language
 * headers (with the English ones of the same export where the bank offers both), a preamble before
 * the header row (found by its headers, never by counting lines), dates day first and, in Thailand,
 * often in the Buddhist Era, amounts with the market's separators. Exports without a transaction id
 * get one derived from the row (server/reconciliation/formats/derived-ids.ts).
 *
 * Reference data the browser may see (the console's preset choice and template): one entry per
 * export layout; `bankCode` is the bank's code in server/rails/banks.json.
 */
export const CSV_PRESETS = [
  {
    id: 'kbank-th',
    bank: 'Kasikornbank (KBank)',
    bankCode: 'KBANK',
    currency: 'THB',
    // K-BIZ / K PLUS "รายการเคลื่อนไหวบัญชี": Thai headers, Buddhist Era dates, time in its own column.
    columns: {
      bookedAt: ['วันที่', 'วันที่ทำรายการ', 'Date', 'Transaction Date'],
      bookedTime: ['เวลา', 'Time'],
      debit: ['ถอนเงิน', 'Withdrawal'],
      credit: ['ฝากเงิน', 'Deposit'],
      balance: ['ยอดคงเหลือ', 'Outstanding Balance', 'Balance'],
      note: ['รายละเอียด', 'Details', 'Description'],
    },
    dateFormat: 'DD/MM/YYYY',
    era: 'auto',
    decimalSeparator: '.',
    summaryRows: ['ยอดยกมา', 'ยอดยกไป', 'ยอดรวม', 'Beginning Balance', 'Balance Brought Forward', 'Total'],
    accountLabels: ['เลขที่บัญชี', 'Account No', 'Account Number'],
    template: [
      ['วันที่', 'เวลา', 'รายการ', 'ถอนเงิน', 'ฝากเงิน', 'ยอดคงเหลือ', 'ช่องทาง', 'รายละเอียด'],
      [
        '24/11/2569',
        '09:15',
        'รับโอนเงิน',
        '',
        '1,500.50',
        '12,500.50',
        'K PLUS',
        'จาก SCB X4821 นาย สมชาย ใจดี PAY 7KQ2M9XW4D',
      ],
      ['24/11/2569', '09:40', 'โอนเงิน', '2,000.00', '', '10,500.50', 'K BIZ', 'โอนไป X7730 บจก. สยาม ซัพพลาย'],
    ],
  },
  {
    id: 'scb-th',
    bank: 'Siam Commercial Bank (SCB)',
    bankCode: 'SCB',
    currency: 'THB',
    // SCB Business Net / SCB Easy account statement, Thai or English headers, CE or BE dates.
    columns: {
      bookedAt: ['วันที่', 'วันที่ทำรายการ', 'Date', 'Transaction Date'],
      bookedTime: ['เวลา', 'Time'],
      debit: ['ถอน', 'ถอนเงิน', 'Withdrawal', 'Debit'],
      credit: ['ฝาก', 'ฝากเงิน', 'Deposit', 'Credit'],
      balance: ['ยอดคงเหลือ', 'Balance'],
      note: ['รายละเอียด', 'Description', 'Details'],
    },
    dateFormat: 'DD/MM/YYYY',
    era: 'auto',
    decimalSeparator: '.',
    summaryRows: ['ยอดยกมา', 'ยอดคงเหลือยกมา', 'Balance Brought Forward', 'Total'],
    accountLabels: ['เลขที่บัญชี', 'Account Number', 'Account No'],
    template: [
      ['วันที่', 'เวลา', 'รหัสรายการ', 'ช่องทาง', 'ถอน', 'ฝาก', 'ยอดคงเหลือ', 'รายละเอียด'],
      [
        '24/11/2026',
        '10:02',
        'X1',
        'ENET',
        '',
        '3,250.00',
        '45,250.00',
        'รับโอนจาก KBANK X4821 นาย สมชาย ใจดี PAY 7KQ2M9XW4D',
      ],
      ['24/11/2026', '13:45', 'X2', 'ATM', '500.00', '', '44,750.00', 'ถอนเงินสด'],
    ],
  },
  {
    id: 'vcb-vn',
    bank: 'Vietcombank',
    bankCode: 'VCB',
    currency: 'VND',
    // VCB Digibiz / VCB Digibank "Sao kê tài khoản": the bank's reference is the transaction id.
    columns: {
      id: ['Số tham chiếu', 'Số bút toán', 'Reference No', 'Reference Number'],
      bookedAt: ['Ngày giao dịch', 'Ngày GD', 'Transaction Date', 'Date'],
      debit: ['Số tiền ghi nợ', 'Ghi nợ', 'Debit', 'Debit Amount'],
      credit: ['Số tiền ghi có', 'Ghi có', 'Credit', 'Credit Amount'],
      balance: ['Số dư', 'Balance'],
      note: ['Mô tả', 'Nội dung', 'Diễn giải', 'Description', 'Details'],
    },
    dateFormat: 'DD/MM/YYYY',
    era: 'CE',
    decimalSeparator: 'none',
    summaryRows: ['Tổng', 'Số dư đầu kỳ', 'Số dư cuối kỳ', 'Total', 'Opening Balance', 'Closing Balance'],
    accountLabels: ['Số tài khoản', 'Account Number', 'Account No'],
    template: [
      ['STT', 'Ngày giao dịch', 'Số tham chiếu', 'Số tiền ghi nợ', 'Số tiền ghi có', 'Mô tả'],
      [
        '1',
        '24/11/2026 09:15:02',
        '5215 - 88123',
        '',
        '1.500.000',
        'NGUYEN VAN AN chuyen tien PAY 7KQ2M9XW4D',
      ],
      ['2', '24/11/2026 10:40:11', '5215 - 88190', '11.000', '', 'Phi dich vu SMS Banking'],
    ],
  },
  {
    id: 'bca-id',
    bank: 'Bank Central Asia (BCA)',
    bankCode: 'BCA',
    currency: 'IDR',
    // KlikBCA Bisnis "Mutasi Rekening": the amount carries CR/DB, pending entries are dated PEND.
    columns: {
      bookedAt: ['Tanggal Transaksi', 'Tanggal', 'Tgl. Transaksi', 'Transaction Date'],
      note: ['Keterangan', 'Description'],
      amount: ['Mutasi', 'Jumlah', 'Amount'],
      direction: ['CR/DB', 'DB/CR', 'D/K', 'Jenis'],
      balance: ['Saldo', 'Balance'],
    },
    dateFormat: 'DD/MM/YYYY',
    era: 'CE',
    decimalSeparator: '.',
    markers: { credit: ['CR', 'K', 'KREDIT', 'CREDIT'], debit: ['DB', 'DR', 'D', 'DEBET', 'DEBIT'] },
    pending: ['PEND'],
    summaryRows: [
      'Saldo Awal',
      'Mutasi Kredit',
      'Mutasi Debet',
      'Saldo Akhir',
      'Starting Balance',
      'Ending Balance',
    ],
    accountLabels: ['No. rekening', 'Nomor Rekening', 'Account No'],
    template: [
      ['Tanggal Transaksi', 'Keterangan', 'Cabang', 'Mutasi', 'Saldo'],
      [
        '24/11/2026',
        'TRSF E-BANKING CR 2411/FTSCY/WS95031 BUDI SANTOSO PAY 7KQ2M9XW4D',
        '0000',
        '1,500,000.00 CR',
        '13,500,000.00',
      ],
      ['24/11/2026', 'BIAYA ADM', '0000', '10,000.00 DB', '13,490,000.00'],
    ],
  },
  {
    id: 'bdo-ph',
    bank: 'BDO Unibank',
    bankCode: 'BDO',
    currency: 'PHP',
    // BDO Online Banking transaction history: month first, as Philippine banks write dates.
    columns: {
      bookedAt: ['Posting Date', 'Transaction Date', 'Date'],
      note: ['Description', 'Particulars'],
      debit: ['Debit', 'Withdrawal'],
      credit: ['Credit', 'Deposit'],
      balance: ['Running Balance', 'Balance'],
    },
    dateFormat: 'MM/DD/YYYY',
    era: 'CE',
    decimalSeparator: '.',
    summaryRows: ['Beginning Balance', 'Ending Balance', 'Total'],
    accountLabels: ['Account Number', 'Account No'],
    template: [
      ['Posting Date', 'Description', 'Debit', 'Credit', 'Running Balance', 'Check Number', 'Branch'],
      [
        '11/24/2026',
        'INSTAPAY TRANSFER FROM JUAN DELA CRUZ PAY 7KQ2M9XW4D',
        '',
        '1,500.50',
        '25,500.50',
        '',
        'MAKATI - AYALA',
      ],
      ['11/24/2026', 'ATM WITHDRAWAL', '2,000.00', '', '23,500.50', '', 'MAKATI - AYALA'],
    ],
  },
  {
    id: 'maybank-my',
    bank: 'Maybank',
    bankCode: 'MAYBANK',
    currency: 'MYR',
    // Maybank2u / M2U Biz account history: one amount column with a trailing sign (1,500.50+, 200.00-).
    columns: {
      bookedAt: ['Transaction Date', 'Entry Date', 'Date', 'Tarikh Transaksi', 'Tarikh'],
      note: ['Transaction Description', 'Description', 'Keterangan Transaksi', 'Keterangan'],
      amount: ['Transaction Amount', 'Amount', 'Jumlah Transaksi', 'Jumlah'],
      balance: ['Statement Balance', 'Balance', 'Baki Penyata', 'Baki'],
    },
    dateFormat: 'DD/MM/YYYY',
    era: 'CE',
    decimalSeparator: '.',
    summaryRows: ['Beginning Balance', 'Ending Balance', 'Baki Permulaan', 'Baki Akhir', 'Total'],
    accountLabels: ['Account Number', 'Account No', 'Nombor Akaun'],
    template: [
      ['Transaction Date', 'Transaction Description', 'Transaction Amount', 'Statement Balance'],
      ['24/11/2026', 'DUITNOW TRANSFER FROM AHMAD BIN ALI PAY 7KQ2M9XW4D', '1,500.50+', '11,500.50'],
      ['24/11/2026', 'IBG PAYMENT TO SUPPLIER', '200.00-', '11,300.50'],
    ],
  },
  {
    id: 'hdfc-in',
    bank: 'HDFC Bank',
    bankCode: 'HDFC',
    currency: 'INR',
    // NetBanking "delimited" statement: two-digit years; the reference is the id unless it is all zeros.
    columns: {
      id: ['Chq./Ref.No.', 'Chq/Ref Number', 'Ref No', 'Reference Number'],
      bookedAt: ['Date', 'Txn Date', 'Transaction Date'],
      note: ['Narration', 'Description'],
      debit: ['Withdrawal Amt.', 'Withdrawal Amount', 'Debit Amount', 'Debit'],
      credit: ['Deposit Amt.', 'Deposit Amount', 'Credit Amount', 'Credit'],
      balance: ['Closing Balance', 'Balance'],
    },
    dateFormat: 'DD/MM/YYYY',
    era: 'CE',
    decimalSeparator: '.',
    summaryRows: ['Opening Balance', 'Generated On', 'Generated By'],
    endRows: ['Statement Summary'],
    accountLabels: ['Account No', 'Account Number', 'A/C No'],
    template: [
      ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      [
        '24/11/26',
        'UPI-RAVI KUMAR-ravi.kumar@okaxis-HDFC0001234-432812345678-PAY 7KQ2M9XW4D',
        '0000432812345678',
        '24/11/26',
        '',
        '1500.00',
        '12500.00',
      ],
      [
        '24/11/26',
        'NEFT DR-SBIN0001234-SUPPLIER PVT LTD',
        'N328260012345678',
        '24/11/26',
        '2000.00',
        '',
        '10500.00',
      ],
    ],
  },
] as const satisfies readonly CsvPreset[];

export type CsvPresetId = (typeof CSV_PRESETS)[number]['id'];
export const CSV_PRESET_IDS = CSV_PRESETS.map((preset) => preset.id) as [CsvPresetId, ...CsvPresetId[]];

/** Our own layout (server/reconciliation/formats/csv.ts): columns by their usual English names. */
export const GENERIC_LAYOUT = 'generic';
/** What `preset` takes: a bank's layout, or ours. */
export const STATEMENT_LAYOUTS = [GENERIC_LAYOUT, ...CSV_PRESET_IDS] as const;
export type StatementLayout = (typeof STATEMENT_LAYOUTS)[number];

export function isCsvPresetId(value: string): value is CsvPresetId {
  return (CSV_PRESET_IDS as readonly string[]).includes(value);
}

export function csvPresetOf(id: CsvPresetId): CsvPreset {
  return CSV_PRESETS.find((preset) => preset.id === id)!;
}

/** Every preset, those of the currency first (the console's choice for an account of it). */
export function csvPresetsFor(currency: CurrencyCode | undefined): CsvPreset[] {
  const all: CsvPreset[] = [...CSV_PRESETS];
  return [
    ...all.filter((preset) => preset.currency === currency),
    ...all.filter((preset) => preset.currency !== currency),
  ];
}
