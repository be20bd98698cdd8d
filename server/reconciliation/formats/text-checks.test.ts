import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8, nulProblem, readableText } from './text-checks';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

describe('decodeUtf8', () => {
  it('decodes UTF-8, Thai and Vietnamese names and emoji included, keeping a byte-order mark', () => {
    const text = '\uFEFFid,note\nA,NGUYỄN VĂN A สมชาย 💸';
    expect(decodeUtf8(Buffer.from(text))).toEqual({ ok: true, text });
  });

  it('names the line of the first byte that is not UTF-8 (a Windows-1252 export)', () => {
    const latin1 = bytes('id,note\nA,ok\nB,caf', [0xe9], '\n');
    expect(decodeUtf8(latin1)).toEqual({
      ok: false,
      problem: {
        where: 'line 3',
        message: 'Byte 0xE9 (byte 19 of the file) is not UTF-8: export the statement as UTF-8.',
      },
    });
  });

  it('refuses overlong forms, surrogates, code points past U+10FFFF and truncated sequences', () => {
    expect(firstInvalidUtf8(bytes('ab', [0xc0, 0xaf]))).toBe(2); // overlong "/"
    expect(firstInvalidUtf8(bytes([0xe0, 0x80, 0xaf]))).toBe(0); // overlong, three bytes
    expect(firstInvalidUtf8(bytes('x', [0xed, 0xa0, 0x80]))).toBe(1); // a UTF-16 surrogate
    expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
    expect(firstInvalidUtf8(bytes('abc', [0xe2, 0x82]))).toBe(3); // cut short at the end
    expect(firstInvalidUtf8(bytes([0x80]))).toBe(0); // a lone continuation byte
    expect(firstInvalidUtf8(bytes('€ ✓ 𝄞'))).toBe(-1);
  });
});

describe('nulProblem and readableText', () => {
  it('names the line of a NUL', () => {
    expect(nulProblem('a\nb\nc\0d')).toEqual({
      where: 'line 3',
      message: 'A NUL character (U+0000) is not text.',
    });
    expect(nulProblem('a\nb')).toBeUndefined();
  });

  it('turns control characters but tabs and line breaks into spaces in a field people read', () => {
    expect(readableText('PAY 7KQ2\u0007 M9XW\u001b[31m\u0085X\u007f ')).toBe('PAY 7KQ2  M9XW [31m X');
    expect(readableText('Mobile transfer\r\nPAY\t3HT8RJ2C6N')).toBe('Mobile transfer\r\nPAY\t3HT8RJ2C6N');
    expect(readableText('NGUYỄN VĂN A')).toBe('NGUYỄN VĂN A');
  });
});
