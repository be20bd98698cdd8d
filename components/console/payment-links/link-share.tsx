'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { qrFileName } from '@/lib/console/payment-links';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

const subscribe = () => () => {};

/**
 * Where customers pay: the link's URL with Copy, its QR code (the API's 512 px PNG) to download,
 * and Share where the browser can share (phones, mostly: the Web Share API; hidden elsewhere).
 */
export function LinkShare({
  idLink,
  url,
  qrCodePng,
  description,
}: {
  idLink: string;
  url: string;
  qrCodePng: string;
  description: string;
}) {
  const t = useTranslations('console.paymentLinks.detail.share');
  // Known only in the browser: the server renders no Share button, the browser adds it if it can.
  const canShare = useSyncExternalStore(
    subscribe,
    () => typeof navigator.share === 'function' && navigator.canShare?.({ url }) !== false,
    () => false,
  );
  const [shareFailed, setShareFailed] = useState(false);

  return (
    <section
      className="console-card link-share"
      aria-labelledby="link-share-heading"
      data-testid="link-share-section"
    >
      <h2 id="link-share-heading">{t('title')}</h2>
      <p className="console-hint">{t('hint')}</p>
      <p className="link-url">
        <a href={url} target="_blank" rel="noopener" className="break-anywhere" data-testid="link-url">
          {url}
        </a>
      </p>
      <div className="console-actions" data-testid="link-copy">
        <CopyButton short value={url} label={t('url')} />
      </div>
      <figure className="link-qr">
        {/* A data URL the API made: nothing for the image optimiser to fetch. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={qrCodePng}
          alt={t('qrAlt', { idLink })}
          width={256}
          height={256}
          className="console-qr"
          data-testid="link-qr"
        />
      </figure>
      <div className="console-actions">
        <a
          className="console-button"
          href={qrCodePng}
          download={qrFileName(idLink)}
          data-testid="link-qr-download"
        >
          {t('download')}
        </a>
        {canShare && (
          <ScriptButton
            className="console-button"
            data-testid="link-share"
            onClick={() => {
              setShareFailed(false);
              navigator.share({ title: description, text: description, url }).catch((error: unknown) => {
                // Closing the share sheet is not a failure.
                if (!(error instanceof DOMException && error.name === 'AbortError')) setShareFailed(true);
              });
            }}
          >
            {t('share')}
          </ScriptButton>
        )}
      </div>
      <p role="status" className={shareFailed ? 'console-alert' : 'visually-hidden'}>
        {shareFailed ? t('shareFailed') : ''}
      </p>
    </section>
  );
}
