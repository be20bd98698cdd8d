'use client';

import { useTranslations } from 'next-intl';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

export interface BuiltLink {
  url: string;
  curl: string;
  idPayin: string;
  validitySecs: number;
}

/** The built RedirectURL: open it, copy it, scan it, or rebuild it with curl; then a new payment. */
export function ScenarioResult({ built, onNewPayment }: { built: BuiltLink; onNewPayment: () => void }) {
  const t = useTranslations('console.scenarios.result');
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on what the build produced.
  useEffect(() => heading.current?.focus(), [built]);
  return (
    <section
      className="console-card scenario-result"
      aria-labelledby="scenario-result-title"
      data-testid="scenario-result"
    >
      <h2 id="scenario-result-title" ref={heading} tabIndex={-1}>
        {t('title')}
      </h2>
      <p className="console-hint">{t('lead', { idPayin: built.idPayin, seconds: built.validitySecs })}</p>
      <div className="scenario-result-grid">
        <div>
          <h3>{t('link')}</h3>
          <pre className="scenario-link" data-testid="scenario-link">
            {built.url}
          </pre>
          <div className="console-actions">
            <a
              className="console-button primary"
              href={built.url}
              target="_blank"
              rel="noopener"
              data-testid="scenario-open"
            >
              {t('open')} <span className="visually-hidden">{t('opensNewTab')}</span>
            </a>
            <CopyButton value={built.url} label={t('copyLink')} />
          </div>
        </div>
        <figure className="scenario-qr">
          <QRCodeSVG
            value={built.url}
            size={256}
            level="L"
            marginSize={2}
            role="img"
            aria-label={t('qr')}
            title={t('qr')}
          />
          <figcaption className="console-hint">{t('qr')}</figcaption>
        </figure>
      </div>
      <h3>{t('curl')}</h3>
      <p className="console-hint">{t('curlHint')}</p>
      <pre className="scenario-curl" data-testid="scenario-curl">
        {built.curl}
      </pre>
      <div className="console-actions">
        <CopyButton value={built.curl} label={t('copyCurl')} />
      </div>
      <p className="console-hint">{t('newPaymentHint', { idPayin: built.idPayin })}</p>
      <ScriptButton className="console-button" onClick={onNewPayment} data-testid="scenario-new-payment">
        {t('newPayment')}
      </ScriptButton>
    </section>
  );
}
