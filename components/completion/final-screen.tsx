import { getTranslations } from 'next-intl/server';
import type { PayinResource } from '@/lib/api/responses';
import { ReturnLink } from '../checkout/return-link';
import { ExpiredIcon, RefusedIcon, SuccessIcon } from '../ui/icons';

export type FinalOutcome = 'success' | 'overpaid' | 'refused' | 'expired' | 'underpaid';

/** How a final payment ended, as the customer understands it. */
export function outcomeOf(process: PayinResource['process']): FinalOutcome {
  if (process.status === 'SUCCESS') return process.processorStatus === 'OVERPAID' ? 'overpaid' : 'success';
  if (process.processorStatus === 'UNDERPAID') return 'underpaid';
  return process.processorStatus === 'EXPIRED' ? 'expired' : 'refused';
}

/** The end of a payment: what happened, and the way back to the merchant (its stored returnUrl only). */
export async function FinalScreen({
  outcome,
  merchant,
  amount,
  received,
  receivedLate,
  returnHref,
}: {
  outcome: FinalOutcome;
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
  return (
    <section
      className={`card status ${outcome === 'overpaid' ? 'success' : outcome === 'underpaid' ? 'expired' : outcome}`}
      aria-labelledby="final-title"
      data-testid="payment-result"
      data-outcome={outcome}
    >
      <p className="status-icon">
        <Icon />
      </p>
      <h1 id="final-title">{t(`status.${outcome}.title`)}</h1>
      <p>{t(`status.${outcome}.body`, { merchant, amount, received: received ?? amount })}</p>
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
