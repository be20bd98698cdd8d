import { getTranslations } from 'next-intl/server';
import type { CompletionKind } from '@/lib/methods/catalogue';
import { REFUSAL_REASONS, sandboxActionsFor, type SandboxAction } from '@/lib/sandbox/controls';

/**
 * Test payments only: drive the outcome from the page, as the customer's money or the institution
 * would. Plain POST forms (they work without JavaScript); each button's name says what it does and
 * its `data-testid` stays the same in every language.
 */
export async function SandboxControls({
  action,
  back,
  kind,
  error,
}: {
  action: string;
  back: string;
  kind: CompletionKind;
  /** Why the last control did nothing (the API's code), in the page's words. */
  error: string | undefined;
}) {
  const t = await getTranslations('sandbox');
  const actions = sandboxActionsFor(kind).filter((name) => name !== 'refuse');
  const button = (name: SandboxAction) => (
    <form method="post" action={action} key={name}>
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="action" value={name} />
      <button type="submit" className="button small secondary" data-testid={`simulate-${name}`}>
        {t(`actions.${name}`)}
      </button>
    </form>
  );
  return (
    <section className="card sandbox" aria-labelledby="sandbox-title" data-testid="sandbox-controls">
      <h2 id="sandbox-title">{t('title')}</h2>
      <p className="hint">{t('intro')}</p>
      <div className="row">{actions.map(button)}</div>
      <form method="post" action={action} className="row refuse">
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="action" value="refuse" />
        <label htmlFor="refusal-reason">{t('reason')}</label>
        <select id="refusal-reason" name="reason" defaultValue="DECLINED" data-testid="refusal-reason">
          {REFUSAL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
        <button type="submit" className="button small secondary" data-testid="simulate-refuse">
          {t('actions.refuse')}
        </button>
      </form>
      {error && (
        <p className="error" role="alert" data-testid="simulate-error">
          {error}
        </p>
      )}
    </section>
  );
}
