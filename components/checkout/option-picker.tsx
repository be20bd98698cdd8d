import { getTranslations } from 'next-intl/server';
import type { PaymentOptionView, Selection } from '@/lib/checkout/plan';

/** `choice` values: "METHOD" or "METHOD|OPERATOR". */
export function choiceValue(method: string, operator?: string): string {
  return operator ? `${method}|${operator}` : method;
}

/**
 * Step one: how to pay. A GET form back to this page (`choice`), so it works without JavaScript
 * and the back button returns here; the merchant's own query parameters ride along unchanged.
 */
export async function OptionPicker({
  options,
  selection,
  carry,
}: {
  options: PaymentOptionView[];
  selection: Selection | undefined;
  carry: Record<string, string>;
}) {
  const t = await getTranslations();
  const selected = selection && choiceValue(selection.method, selection.operator);
  return (
    <form method="get" className="card">
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend>
          <h1>{t('checkout.chooseMethod')}</h1>
        </legend>
        <ul className="options">
          {options.map((option) => {
            const name = t(`methods.${option.paymentMethodCode}`);
            if (option.paymentOperators.length === 0) {
              const value = choiceValue(option.paymentMethodCode);
              return (
                <li key={option.paymentMethodCode} className="option">
                  <label>
                    <input
                      type="radio"
                      name="choice"
                      value={value}
                      defaultChecked={selected === value}
                      required
                    />
                    {name}
                  </label>
                </li>
              );
            }
            return (
              <li key={option.paymentMethodCode} className="option">
                <fieldset className="operators-group">
                  <legend>{name}</legend>
                  <div className="operators">
                    {option.paymentOperators.map((operator) => {
                      const value = choiceValue(option.paymentMethodCode, operator.code);
                      return (
                        <label key={operator.code}>
                          <input
                            type="radio"
                            name="choice"
                            value={value}
                            defaultChecked={selected === value}
                            required
                          />
                          {operator.name}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p>
        <button type="submit" className="button">
          {t('checkout.continue')}
        </button>
      </p>
    </form>
  );
}
