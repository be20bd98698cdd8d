import { getTranslations } from 'next-intl/server';
import { ExpiredIcon, RefusedIcon, SuccessIcon } from '../ui/icons';

export type FinalOutcome = 'success' | 'refused' | 'expired';

/** The end of a payment: what happened, and the way back to the merchant (its stored returnUrl only). */
export async function FinalScreen({
  outcome,
  merchant,
  amount,
  returnUrl,
}: {
  outcome: FinalOutcome;
  merchant: string;
  amount: string;
  returnUrl: string;
}) {
  const t = await getTranslations();
  const Icon = { success: SuccessIcon, refused: RefusedIcon, expired: ExpiredIcon }[outcome];
  return (
    <section className={`card status ${outcome}`} aria-labelledby="final-title">
      <p className="status-icon">
        <Icon />
      </p>
      <h1 id="final-title">{t(`status.${outcome}.title`)}</h1>
      <p>{t(`status.${outcome}.body`, { merchant, amount })}</p>
      <p>
        <a className="button" href={returnUrl} data-testid="return-to-merchant">
          {t('common.returnToMerchant', { merchant })}
        </a>
      </p>
    </section>
  );
}
