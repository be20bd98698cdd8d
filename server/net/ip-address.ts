import 'server-only';
import { isIP } from 'node:net';

/**
 * The eight 16-bit words of an IPv6 address (zone id ignored, dotted IPv4 tail accepted), or
 * undefined when the text is not an IPv6 address. Node offers no parser, and the SSRF guard needs
 * the words to find IPv4 addresses embedded in IPv6 forms.
 */
export function ipv6Words(address: string): number[] | undefined {
  const text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  let hex = text;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    hex = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = hex.split('::');
  const headWords = head === '' ? [] : head.split(':');
  const tailWords = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - headWords.length - tailWords.length).fill('0');
  const words = [...headWords, ...fill, ...tailWords].map((word) => parseInt(word, 16));
  return words.length === 8 ? words : undefined;
}

/** Dotted IPv4 text from two 16-bit words. */
export function ipv4FromWords(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** An IPv4 address carried inside an IPv6 one, with the name of the form. */
export interface EmbeddedIpv4 {
  form: string;
  ipv4: string;
}

/**
 * The IPv4 address an IPv6 address stands for, where connecting to it reaches (or may be
 * translated to) that IPv4 host: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d, deprecated),
 * translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::).
 */
export function embeddedIpv4(words: readonly number[]): EmbeddedIpv4 | undefined {
  const [w0, w1, w2, w3, w4, w5, w6 = 0, w7 = 0] = words;
  const zeroTo = (end: number) => words.slice(0, end).every((word) => word === 0);
  if (zeroTo(5) && w5 === 0xffff) return { form: 'IPv4-mapped', ipv4: ipv4FromWords(w6, w7) };
  if (zeroTo(4) && w4 === 0xffff && w5 === 0) return { form: 'IPv4-translated', ipv4: ipv4FromWords(w6, w7) };
  // ::/96 minus :: and ::1, which are IPv6's own unspecified and loopback addresses.
  if (zeroTo(6) && (w6 !== 0 || w7 > 1)) return { form: 'IPv4-compatible', ipv4: ipv4FromWords(w6, w7) };
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) {
    return { form: 'NAT64', ipv4: ipv4FromWords(w6, w7) };
  }
  if (w0 === 0x2002 && w1 !== undefined && w2 !== undefined)
    return { form: '6to4', ipv4: ipv4FromWords(w1, w2) };
  return undefined;
}
