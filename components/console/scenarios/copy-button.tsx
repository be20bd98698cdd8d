'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

/** Copies a text; says so in a live region, so screen reader users hear it too. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations('console.common');
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="console-button"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            },
            () => setCopied(false),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="console-hint">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}
