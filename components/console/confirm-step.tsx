'use client';

import { useEffect, useId, useRef } from 'react';
import { ScriptButton } from '../ui/script-button';

/**
 * The second step of an action that cannot be undone (cancel a payment, link or refund money): the
 * question in words that name what will happen, the action again, and the way out. Focus moves to
 * the question's "no" so a second Enter never confirms by accident; Escape backs out.
 */
export function ConfirmStep({
  question,
  confirmLabel,
  backLabel,
  onConfirm,
  onBack,
  pending = false,
  danger = false,
  testId,
}: {
  question: string;
  confirmLabel: string;
  backLabel: string;
  onConfirm: () => void;
  onBack: () => void;
  pending?: boolean;
  danger?: boolean;
  testId: string;
}) {
  const id = useId();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="console-confirm"
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onBack();
      }}
    >
      <p id={id}>{question}</p>
      <div className="console-actions">
        <ScriptButton
          className={`console-button ${danger ? 'danger' : 'primary'}`}
          disabled={pending}
          onClick={onConfirm}
          data-testid={`${testId}-yes`}
        >
          {confirmLabel}
        </ScriptButton>
        <ScriptButton className="console-button" ref={back} onClick={onBack}>
          {backLabel}
        </ScriptButton>
      </div>
    </div>
  );
}
