import { QRCodeSVG } from 'qrcode.react';

/**
 * A QR code rendered on the server as inline SVG (qrcode.react's SVG needs only useMemo, which
 * server components allow): no JavaScript reaches the browser for it.
 */
export function QrCode({ payload, label }: { payload: string; label: string }) {
  return (
    <QRCodeSVG
      value={payload}
      size={256}
      level="M"
      marginSize={2}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
