'use client';

import { useState } from 'react';
import { ScriptButton } from './script-button';

/** Copies a value; its accessible name says what is copied, and the result is announced. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  srLabel,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  srLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <ScriptButton
      className="button small secondary"
      aria-label={srLabel}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </ScriptButton>
  );
}
