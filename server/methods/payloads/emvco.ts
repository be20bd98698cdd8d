import 'server-only';
import { CURRENCIES, toDecimalString, type Money } from '@/lib/money';
import { crc16Ccitt } from './crc16';
import { decodeEmvFields } from './emvco-decoder';

/** A data object: a two-digit ID and either a value or a template of nested data objects. */
export interface EmvField {
  readonly id: string;
  readonly value: string | readonly EmvField[];
}

export function emvField(id: string, value: string | readonly EmvField[]): EmvField {
  return { id, value };
}

/** Serialises data objects as ID, two-digit length, value (EMVCo QRCPS merchant-presented mode). */
export function encodeEmvFields(fields: readonly EmvField[]): string {
  return fields
    .map(({ id, value }) => {
      if (!/^\d{2}$/.test(id)) throw new Error(`EMVCo IDs are two digits, got ${id}.`);
      const text = typeof value === 'string' ? value : encodeEmvFields(value);
      if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`EMVCo field ${id} must be printable ASCII.`);
      if (text.length === 0 || text.length > 99) throw new Error(`EMVCo field ${id} needs 1–99 characters.`);
      return `${id}${text.length.toString().padStart(2, '0')}${text}`;
    })
    .join('');
}

/** Free text (names, cities) folded to printable ASCII and cut to the field's maximum length. */
export function emvText(value: string, maxLength: number): string {
  return value
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

export interface MerchantPresentedQr {
  /** "01" per EMVCo; DuitNow uses "02" (PayNet QR data object). */
  formatIndicator?: '01' | '02';
  /** Merchant account information templates, IDs 26–51, in order. */
  merchantAccounts: readonly EmvField[];
  merchantCategoryCode?: string;
  /** The amount the customer pays (moneyRequired when present); the currency gives tags 53 and 58. */
  amount: Money;
  merchantName?: string;
  merchantCity?: string;
  postalCode?: string;
  /** Tag 62 sub-fields: 01 bill number, 05 reference label, 08 purpose… */
  additionalData?: readonly EmvField[];
}

/**
 * A dynamic (point of initiation "12") merchant-presented QR payload carrying the amount, ending
 * with its CRC (tag 63, computed over everything before it including "6304").
 */
export function buildMerchantPresentedQr(qr: MerchantPresentedQr): string {
  const { isoNumeric, country } = CURRENCIES[qr.amount.currency];
  if (!isoNumeric || !country)
    throw new Error(`${qr.amount.currency} is not an ISO currency with a country.`);
  for (const account of qr.merchantAccounts) {
    const id = Number(account.id);
    if (id < 26 || id > 51) throw new Error(`Merchant account templates use IDs 26–51, got ${account.id}.`);
  }
  const amount = toDecimalString(qr.amount);
  if (amount.length > 13) throw new Error('EMVCo amounts have at most 13 characters.');
  const fields: EmvField[] = [
    emvField('00', qr.formatIndicator ?? '01'),
    emvField('01', '12'),
    ...qr.merchantAccounts,
    ...(qr.merchantCategoryCode ? [emvField('52', qr.merchantCategoryCode)] : []),
    emvField('53', isoNumeric),
    emvField('54', amount),
    emvField('58', country),
    ...(qr.merchantName ? [emvField('59', emvText(qr.merchantName, 25))] : []),
    ...(qr.merchantCity ? [emvField('60', emvText(qr.merchantCity, 15))] : []),
    ...(qr.postalCode ? [emvField('61', qr.postalCode)] : []),
    ...(qr.additionalData?.length ? [emvField('62', qr.additionalData)] : []),
  ];
  const body = `${encodeEmvFields(fields)}6304`;
  return body + crc16Ccitt(body);
}

/**
 * The same merchant-presented QR asking for another amount: tag 54 replaced, every other data object
 * kept as it was, the CRC computed again. A payload without tag 54 (a static QR, where the payer
 * types the amount) is returned as it is.
 */
export function withEmvAmount(payload: string, amount: Money): string {
  const fields = decodeEmvFields(payload).filter(({ id }) => id !== '63');
  if (!fields.some(({ id }) => id === '54')) return payload;
  const text = toDecimalString(amount);
  if (text.length > 13) throw new Error('EMVCo amounts have at most 13 characters.');
  const body = `${encodeEmvFields(fields.map((field) => (field.id === '54' ? emvField('54', text) : field)))}6304`;
  return body + crc16Ccitt(body);
}
