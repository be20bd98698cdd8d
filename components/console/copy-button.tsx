'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ScriptButton } from '../ui/script-button';

/**
 * Copies a value and says so for a moment, in a live region so screen reader users hear it too.
 * The button reads `label`; with `short` it reads "Copy" and `label` only names what for assistive
 * technology (beside a value already on screen).
 */
export function CopyButton({
  value,
  label,
  short = false,
}: {
  value: string;
  label: string;
  short?: boolean;
}) {
  const t = useTranslations('console.common');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <ScriptButton
        className="console-button"
        aria-label={short ? `${t('copy')}: ${label}` : undefined}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {short ? t('copy') : label}
      </ScriptButton>
      <span role="status" className="console-hint">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}
