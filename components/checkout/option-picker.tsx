import { getLocale, getTranslations } from 'next-intl/server';
import { choiceValue, type Choice } from '@/lib/checkout/plan';
import { METHODS } from '@/lib/methods/catalogue';
import { localOperatorName } from '@/lib/methods/local-names';
import type { CurrencyCode } from '@/lib/money';

/** The choices by method, in the order given: one radio per method, or per operator of a method. */
function byMethod(choices: Choice[]): Choice[][] {
  const groups = new Map<string, Choice[]>();
  for (const choice of choices) groups.set(choice.method, [...(groups.get(choice.method) ?? []), choice]);
  return [...groups.values()];
}

/**
 * How to pay: a GET form back to this page (`choice`), so it works without JavaScript and the back
 * button returns here; the merchant's own query parameters ride along unchanged. Where the method is
 * fixed and only the customer's bank or wallet is left to pick, it asks just that.
 */
export async function OptionPicker({
  choices,
  checked,
  note,
  carry,
  currency,
}: {
  currency: CurrencyCode;
  choices: Choice[];
  checked: Choice | undefined;
  note: string | undefined;
  carry: Record<string, string>;
}) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const operatorName = (operator: { code: string; name: string }) =>
    localOperatorName(locale, currency, operator);
  const groups = byMethod(choices);
  const checkedValue = checked && choiceValue(checked);
  const onlyOperators = groups.length === 1 && groups[0]!.every((choice) => choice.operator !== undefined);
  const radio = (choice: Choice, label: string) => {
    const value = choiceValue(choice);
    return (
      <label key={value} className="choice">
        <input
          type="radio"
          name="choice"
          value={value}
          defaultChecked={checkedValue === value}
          required
          data-testid={`choice-${value}`}
        />
        {label}
      </label>
    );
  };
  return (
    <form method="get" className="card" data-testid="option-picker">
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {note && (
        <p className="notice" role="note" data-testid="option-note">
          {note}
        </p>
      )}
      <fieldset>
        <legend>
          <h1>
            {onlyOperators
              ? t('checkout.chooseOperator', { method: t(METHODS[groups[0]![0]!.method].messagesKey) })
              : t('checkout.chooseMethod')}
          </h1>
        </legend>
        <ul className="options">
          {groups.map((group) => {
            const method = group[0]!.method;
            const name = t(METHODS[method].messagesKey);
            if (group.length === 1 && (onlyOperators === false || group[0]!.operator === undefined)) {
              const only = group[0]!;
              return (
                <li key={method} className="option">
                  {radio(only, only.operator ? `${name} · ${operatorName(only.operator)}` : name)}
                </li>
              );
            }
            return (
              <li key={method} className="option">
                <fieldset className="operators-group">
                  <legend>{name}</legend>
                  <div className="operators">
                    {group.map((choice) =>
                      radio(choice, choice.operator ? operatorName(choice.operator) : name),
                    )}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p>
        <button type="submit" className="button" data-testid="choose-option">
          {t('checkout.continue')}
        </button>
      </p>
    </form>
  );
}
