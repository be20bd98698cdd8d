/**
 * An amount as a customer types it on a payment link's page: digits with spaces or thousands
 * separators, and a decimal point or comma (1,500.50, 1.500,50, 1 500,5, 250). With both marks the
 * last one is the decimal separator; a lone mark followed by exactly three digits is a thousands
 * separator (1,500 or 1.500 is fifteen hundred, as receipts in our markets write it). Undefined when
 * it is not a number at all; the range and the currency's precision are the server's to check.
 */
export function parseTypedAmount(typed: string): number | undefined {
  const text = typed.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(text)) return undefined;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  const last = Math.max(lastDot, lastComma);
  let decimal: string | undefined;
  if (lastDot !== -1 && lastComma !== -1) decimal = text[last];
  else if (last !== -1) {
    const mark = text[last]!;
    const single = text.indexOf(mark) === last;
    decimal = single && text.length - last - 1 !== 3 ? mark : undefined;
  }
  const [whole, fraction] =
    decimal === undefined ? [text, undefined] : [text.slice(0, last), text.slice(last + 1)];
  const digits = whole.replace(/[.,]/g, '');
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return undefined;
  if (!/^\d+$/.test(digits)) return undefined;
  const value = Number(fraction === undefined ? digits : `${digits}.${fraction}`);
  return Number.isFinite(value) ? value : undefined;
}
