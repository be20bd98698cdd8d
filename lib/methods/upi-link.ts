/**
 * The UPI ID (payee address, `pa`) of a UPI payment link (`upi://pay?pa=…&pn=…&am=…`, NPCI's UPI
 * linking specification), to show and copy beside its QR; undefined when the link names none.
 */
export function upiIdOf(link: string): string | undefined {
  const query = link.indexOf('?');
  if (!/^upi:\/\/pay\?/i.test(link) || query < 0) return undefined;
  const id = new URLSearchParams(link.slice(query + 1)).get('pa')?.trim();
  return id ? id : undefined;
}

/** The file name a saved payment QR gets: its payment reference, in characters every phone accepts. */
export function qrFileName(reference: string): string {
  const safe = reference.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `payment-qr${safe ? `-${safe}` : ''}.png`;
}
