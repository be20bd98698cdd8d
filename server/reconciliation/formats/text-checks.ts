import { isUtf8 } from 'node:buffer';
import type { RecordProblem } from '../incoming-transaction';

/**
 * What makes a statement's or a feed's text text: UTF-8 bytes, no NUL, and no control characters
 * in the fields people read. A NUL is never part of a bank's text (it marks a binary or a broken
 * export, and PostgreSQL cannot store it), so it refuses the file or delivery, naming where; other
 * control characters (escapes, BEL…) become spaces in the note and payer, and stay as received in
 * `raw`.
 */

export const NUL_MESSAGE = 'A NUL character (U+0000) is not text.';

/** The 1-based line of an offset in a text or its bytes. */
function lineAt(text: string | Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++)
    if ((typeof text === 'string' ? text.charCodeAt(i) : text[i]) === 10) line++;
  return line;
}

/** Where the first NUL of a file is, as a problem naming its line; undefined when it has none. */
export function nulProblem(text: string): RecordProblem | undefined {
  const at = text.indexOf('\0');
  return at === -1 ? undefined : { where: `line ${lineAt(text, at)}`, message: NUL_MESSAGE };
}

/** Whether a field's text holds a NUL. */
export const hasNul = (text: string): boolean => text.includes('\0');

// C0 controls but tab and line breaks, DEL and C1 controls.
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/g;

/**
 * A field people read (note, payer): control characters other than tabs and line breaks (a bank's
 * multi-line note stays as written) become a space, so no escape sequence reaches a console or a log.
 */
export function readableText(text: string): string {
  return text.replace(CONTROLS, ' ').trim();
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file's bytes as text, or the first place they are not UTF-8: a Windows-1252 or TIS-620 export
 * is refused with its line named rather than stored with U+FFFD where the payer's name was.
 */
export function decodeUtf8(
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; problem: RecordProblem } {
  if (isUtf8(bytes)) return { ok: true, text: UTF8.decode(bytes) };
  const at = firstInvalidUtf8(bytes);
  const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return {
    ok: false,
    problem: {
      where: `line ${lineAt(bytes, at)}`,
      message: `Byte 0x${byte} (byte ${at + 1} of the file) is not UTF-8: export the statement as UTF-8.`,
    },
  };
}

/** The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    // RFC 3629: the lead byte fixes the length and narrows the second byte (no overlongs, no surrogates).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (next === undefined || next < min || next > max) return i;
    }
    i += length;
  }
  return -1;
}
