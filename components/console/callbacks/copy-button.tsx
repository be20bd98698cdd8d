'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** Copies a value; says so for a moment, to screen readers too. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations('console.common');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        className="console-button"
        aria-label={`${t('copy')}: ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {t('copy')}
      </button>
      <span role="status" className="console-muted">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}
