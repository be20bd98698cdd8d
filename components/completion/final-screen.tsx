import { getTranslations } from 'next-intl/server';
import type { PayinResource } from '@/lib/api/responses';
import { refusalReasonOf } from '@/lib/payins/refusal-reasons';
import { ReturnLink } from '../checkout/return-link';
import { ExpiredIcon, RefusedIcon, SuccessIcon } from '../ui/icons';

export type FinalOutcome = 'success' | 'overpaid' | 'refused' | 'expired' | 'underpaid';

/** How a final payment ended, as the customer understands it. */
export function outcomeOf(process: PayinResource['process']): FinalOutcome {
  if (process.status === 'SUCCESS') return process.processorStatus === 'OVERPAID' ? 'overpaid' : 'success';
  if (process.processorStatus === 'UNDERPAID') return 'underpaid';
  return process.processorStatus === 'EXPIRED' ? 'expired' : 'refused';
}

/**
 * The end of a payment: what happened, and the way back to the merchant (its stored returnUrl only).
 * A refusal says why in the customer's words and what to do next, from its processorStatus.
 */
export async function FinalScreen({
  outcome,
  processorStatus,
  merchant,
  amount,
  received,
  receivedLate,
  returnHref,
}: {
  outcome: FinalOutcome;
  processorStatus?: string | undefined;
  merchant: string;
  amount: string;
  /** What arrived while the payment was open (formatted), when anything did. */
  received: string | undefined;
  /** What arrived after it ended (formatted), when anything did. */
  receivedLate: string | undefined;
  returnHref: string;
}) {
  const t = await getTranslations();
  const Icon = {
    success: SuccessIcon,
    overpaid: SuccessIcon,
    refused: RefusedIcon,
    expired: ExpiredIcon,
    underpaid: ExpiredIcon,
  }[outcome];
  const reason = outcome === 'refused' ? refusalReasonOf(processorStatus) : undefined;
  const body =
    reason && reason !== 'OTHER'
      ? t(`status.refused.reasons.${reason}`, { merchant })
      : t(`status.${outcome}.body`, { merchant, amount, received: received ?? amount });
  return (
    <section
      className={`card status ${outcome === 'overpaid' ? 'success' : outcome === 'underpaid' ? 'expired' : outcome}`}
      aria-labelledby="final-title"
      data-testid="payment-result"
      data-outcome={outcome}
      data-reason={reason}
    >
      <p className="status-icon">
        <Icon />
      </p>
      <h1 id="final-title">{t(`status.${outcome}.title`)}</h1>
      <p data-testid="result-body">{body}</p>
      {receivedLate && (
        <p className="notice" data-testid="received-late">
          {t('status.receivedLate', { merchant, late: receivedLate })}
        </p>
      )}
      <p>
        <ReturnLink href={returnHref} merchant={merchant} primary />
      </p>
    </section>
  );
}
