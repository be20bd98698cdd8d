import { getTranslations } from 'next-intl/server';
import { PaymentShell } from '../layout/payment-shell';

/** A clear, translated explanation of why the payment cannot go on: never a crash or raw JSON. */
export async function ErrorScreen({ message, items = [] }: { message: string; items?: string[] }) {
  const t = await getTranslations('errors');
  return (
    <PaymentShell>
      <section className="card" aria-labelledby="error-title">
        <h1 id="error-title">{t('title')}</h1>
        <p>{message}</p>
        {items.length > 0 && (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </section>
    </PaymentShell>
  );
}
