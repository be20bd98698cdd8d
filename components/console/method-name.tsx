'use client';

import { useLocale, useTranslations } from 'next-intl';
import { localOperatorName } from '@/lib/methods/local-names';
import { isCurrencyCode } from '@/lib/money/currencies';

/**
 * A payment method as merchants and customers call it ("Bank transfer", "PromptPay QR"), in the
 * console's language, with its API code beside it for those who integrate (a code the page has no
 * name for shows as the code alone).
 */
export function MethodName({ code }: { code: string }) {
  const t = useTranslations('console.methods');
  if (!t.has(code)) return <code>{code}</code>;
  return (
    <span data-testid="method-name" data-method={code}>
      {t(code)} <code className="console-muted">{code}</code>
    </span>
  );
}

/** A payout method by its name (Bank account, PromptPay, Mobile money wallet…), its code beside it. */
export function PayoutMethodName({ code }: { code: string }) {
  const t = useTranslations('console.payoutMethods');
  if (!t.has(code)) return <code>{code}</code>;
  return (
    <span data-testid="payout-method-name" data-method={code}>
      {t(code)} <code className="console-muted">{code}</code>
    </span>
  );
}

/** A payout method's name alone, for an option of a select (its code when there is no name). */
export function usePayoutMethodLabel(): (code: string) => string {
  const t = useTranslations('console.payoutMethods');
  return (code) => (t.has(code) ? `${t(code)} (${code})` : code);
}

/**
 * A bank or operator as the reader knows it: its own name where the console's language is the
 * bank's (ธนาคารกสิกรไทย in Thai, 中国工商银行 in Chinese), the API's name otherwise.
 */
export function OperatorName({
  operator,
  currency,
}: {
  operator: { code: string; name?: string | undefined };
  currency: string;
}) {
  const locale = useLocale();
  const name = operator.name ?? operator.code;
  return (
    <span data-testid="operator-name" data-operator={operator.code}>
      {isCurrencyCode(currency) ? localOperatorName(locale, currency, { code: operator.code, name }) : name}
    </span>
  );
}
