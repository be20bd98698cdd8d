'use client';

import { useSyncExternalStore } from 'react';
import { useHydrated } from '../ui/use-hydrated';

/** Pixels per side of the saved image: sharp enough for a banking app's scanner reading a photo. */
const SIDE = 768;

/** The QR on screen (server-rendered SVG) as a PNG file, on a white background with its quiet zone. */
async function qrPng(svg: SVGSVGElement, fileName: string): Promise<File> {
  const source = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = SIDE;
  canvas.height = SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, SIDE, SIDE);
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, SIDE, SIDE);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('no image');
  return new File([blob], fileName, { type: 'image/png' });
}

/** Whether this browser can share an image file (Web Share API level 2: phones, some desktops). */
function canShareFiles(): boolean {
  try {
    const probe = new File([new Uint8Array(1)], 'qr.png', { type: 'image/png' });
    return typeof navigator.share === 'function' && navigator.canShare?.({ files: [probe] }) === true;
  } catch {
    return false;
  }
}
const noSubscription = () => () => {};

/**
 * Save or share the QR, for a customer paying on the phone that shows it: a banking app's scanner
 * reads a saved picture from the gallery. Share appears only where the browser can share files.
 * Script only: without JavaScript nothing here shows (a long press on the QR still saves it).
 */
export function QrActions({
  targetId,
  fileName,
  title,
  labels,
}: {
  /** The element holding the QR's SVG. */
  targetId: string;
  fileName: string;
  title: string;
  labels: { save: string; share: string; hint: string };
}) {
  const hydrated = useHydrated();
  const canShare = useSyncExternalStore(noSubscription, canShareFiles, () => false);
  if (!hydrated) return null;
  const file = () => {
    const svg = document.querySelector(`#${CSS.escape(targetId)} svg`);
    if (!(svg instanceof SVGSVGElement)) throw new Error('no QR');
    return qrPng(svg, fileName);
  };
  const save = async () => {
    const url = URL.createObjectURL(await file());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const share = async () => {
    try {
      await navigator.share({ files: [await file()], title });
    } catch {
      // The customer closed the share sheet: nothing to say.
    }
  };
  return (
    <div className="qr-actions" data-testid="qr-actions">
      <p className="hint">{labels.hint}</p>
      <div className="qr-action-buttons">
        <button type="button" className="button small secondary" onClick={() => void save()}>
          {labels.save}
        </button>
        {canShare && (
          <button type="button" className="button small secondary" onClick={() => void share()}>
            {labels.share}
          </button>
        )}
      </div>
    </div>
  );
}
