import { getTranslations } from 'next-intl/server';
import type { CompletionKind } from '@/lib/methods/catalogue';

/** Test payments only: drive the outcome from the page, as the institution or the customer would. */
export async function SandboxControls({
  action,
  back,
  kind,
}: {
  action: string;
  back: string;
  kind: CompletionKind;
}) {
  const t = await getTranslations('sandbox');
  const successLabel =
    kind === 'push' ? t('approveOnPhone') : kind === 'instructions' ? t('markPaid') : t('simulateSuccess');
  return (
    <section className="card sandbox" aria-labelledby="sandbox-title">
      <h2 id="sandbox-title">{t('title')}</h2>
      <div className="row">
        {(
          [
            ['success', successLabel],
            ['failure', t('simulateFailure')],
            ['expiry', t('simulateExpiry')],
          ] as const
        ).map(([outcome, label]) => (
          <form method="post" action={action} key={outcome}>
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="outcome" value={outcome} />
            <button type="submit" className="button small secondary" data-testid={`simulate-${outcome}`}>
              {label}
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}
