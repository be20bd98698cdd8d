import { getTranslations } from 'next-intl/server';

/** The specification's optional "I have paid": afterwards the screen waits instead of asking again. */
export async function ConfirmPaid({
  action,
  back,
  confirmed,
}: {
  action: string;
  back: string;
  confirmed: boolean;
}) {
  const t = await getTranslations('completion');
  if (confirmed) {
    return (
      <div className="notice" data-testid="waiting-for-payment">
        <h2>{t('waiting.title')}</h2>
        <p>{t('waiting.body')}</p>
      </div>
    );
  }
  return (
    <form method="post" action={action}>
      <input type="hidden" name="back" value={back} />
      <p className="hint">{t('confirm.hint')}</p>
      <button type="submit" className="button secondary">
        {t('confirm.button')}
      </button>
    </form>
  );
}
