import 'server-only';
import { crc16Ccitt } from './crc16';

export interface DecodedField {
  id: string;
  value: string;
}

/** Splits a TLV string into its data objects; throws on a truncated or malformed payload. */
export function decodeEmvFields(text: string): DecodedField[] {
  const fields: DecodedField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`Malformed data object at ${at}: ${head}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`Data object ${head.slice(0, 2)} is truncated.`);
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

export interface DecodedEmvQr {
  /** Top-level data objects by ID (templates as their raw text; decode them with `template`). */
  fields: Record<string, string>;
  order: string[];
  /** The CRC (tag 63) is the last object and matches the payload. */
  crcValid: boolean;
  template(id: string): Record<string, string>;
}

/** Decodes a merchant-presented QR payload and checks its CRC. */
export function decodeEmvQr(payload: string): DecodedEmvQr {
  const list = decodeEmvFields(payload);
  const fields = Object.fromEntries(list.map(({ id, value }) => [id, value]));
  const last = list.at(-1);
  const crcValid =
    last?.id === '63' && last.value.length === 4 && crc16Ccitt(payload.slice(0, -4)) === last.value;
  return {
    fields,
    order: list.map(({ id }) => id),
    crcValid,
    template(id) {
      const value = fields[id];
      if (value === undefined) throw new Error(`No data object ${id}.`);
      return Object.fromEntries(decodeEmvFields(value).map((field) => [field.id, field.value]));
    },
  };
}
