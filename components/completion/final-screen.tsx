import { getTranslations } from 'next-intl/server';
import type { PayinResource } from '@/lib/api/responses';
import { ReturnLink } from '../checkout/return-link';
import { ExpiredIcon, RefusedIcon, SuccessIcon } from '../ui/icons';

export type FinalOutcome = 'success' | 'refused' | 'expired';

/** How a final payment ended, as the customer understands it. */
export function outcomeOf(process: PayinResource['process']): FinalOutcome {
  if (process.status === 'SUCCESS') return 'success';
  return process.processorStatus === 'EXPIRED' ? 'expired' : 'refused';
}

/** The end of a payment: what happened, and the way back to the merchant (its stored returnUrl only). */
export async function FinalScreen({
  outcome,
  merchant,
  amount,
  returnHref,
}: {
  outcome: FinalOutcome;
  merchant: string;
  amount: string;
  returnHref: string;
}) {
  const t = await getTranslations();
  const Icon = { success: SuccessIcon, refused: RefusedIcon, expired: ExpiredIcon }[outcome];
  return (
    <section
      className={`card status ${outcome}`}
      aria-labelledby="final-title"
      data-testid="payment-result"
      data-outcome={outcome}
    >
      <p className="status-icon">
        <Icon />
      </p>
      <h1 id="final-title">{t(`status.${outcome}.title`)}</h1>
      <p>{t(`status.${outcome}.body`, { merchant, amount })}</p>
      <p>
        <ReturnLink href={returnHref} merchant={merchant} primary />
      </p>
    </section>
  );
}
