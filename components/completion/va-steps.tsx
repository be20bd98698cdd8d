import { getTranslations } from 'next-intl/server';
import { formatDateTime } from '@/lib/format/money-format';
import { localOperatorName } from '@/lib/methods/local-names';
import type { CompletionContext } from './types';

/**
 * How to pay a virtual account, channel by channel, in the page's language: the API's
 * paymentInstructionList says which channels and apps exist (its step texts are English data for
 * merchants); the words here are ours, with the amount and deadline in the reader's format.
 */
export async function VaSteps({ context }: { context: CompletionContext }) {
  const t = await getTranslations('completion.va');
  const { response, locale, currency } = context;
  const instructions = response.paymentInstructionList ?? [];
  if (instructions.length === 0) return null;
  const operator = response.paymentOperator;
  const bank = operator ? localOperatorName(locale, currency, operator) : (response.account?.bankName ?? '');
  const va = response.account?.accountNumber ?? instructions[0]?.virtualAccountNumber ?? '';
  const indonesian = currency === 'IDR';
  const check = t('check', { merchant: context.merchant, amount: context.toPay });
  const before = t('before', { time: formatDateTime(locale, response.expireAt, currency) });
  const enter = t('enter', { va });
  const stepsOf = (channel: string, app: string): { title: string; steps: string[] } => {
    switch (channel) {
      case 'MOBILE_BANKING':
      case 'INTERNET_BANKING':
        return {
          title: app,
          steps: [
            t('logIn', { app }),
            indonesian ? t('menuVa', { bank }) : t('menuTransfer', { bank }),
            enter,
            check,
            before,
          ],
        };
      case 'ATM':
        return {
          title: t('atmTitle', { bank }),
          steps: [
            t('atmCard', { bank }),
            indonesian ? t('atmMenuVa') : t('atmMenuTransfer'),
            enter,
            check,
            before,
          ],
        };
      default:
        return {
          title: t('otherTitle'),
          steps: [
            t('otherMenu'),
            t('otherEnter', { bank, code: response.account?.bankCode ?? '', va }),
            check,
            before,
          ],
        };
    }
  };
  return (
    <div data-testid="va-steps">
      <h2>{t('title')}</h2>
      {instructions.map((instruction) => {
        const { title, steps } = stepsOf(instruction.channel, instruction.title);
        return (
          <details key={instruction.channel}>
            <summary>{title}</summary>
            <ol className="steps">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        );
      })}
    </div>
  );
}
