import { getTranslations } from 'next-intl/server';
import type { PaymentMethodResponse } from '@/lib/api/responses';
import type { Detail } from './detail-list';
import { QrCode } from './qr-code';

type Account = NonNullable<PaymentMethodResponse['account']>;

/** The values a customer enters, labelled for the method: a VA number, a crypto address, an account. */
export async function instructionDetails(response: PaymentMethodResponse): Promise<Detail[]> {
  const t = await getTranslations('completion.instructions');
  const account: Account = response.account ?? {};
  const crypto = response.cryptoPayment;
  if (crypto) {
    return [
      { label: t('network'), value: `${crypto.networkName} (${crypto.tokenStandard})` },
      { label: t('address'), value: crypto.depositAddress, copy: true },
    ];
  }
  const numberLabel = response.paymentMethodCode === 'VAPAY' ? t('vaNumber') : t('accountNumber');
  return [
    ...(account.bankName ? [{ label: t('bankName'), value: account.bankName }] : []),
    ...(account.accountName ? [{ label: t('accountName'), value: account.accountName, copy: true }] : []),
    ...(account.accountNumber ? [{ label: numberLabel, value: account.accountNumber, copy: true }] : []),
  ];
}

/** Extras under the details: a wallet QR and link for crypto, the bank's own steps for a VA. */
export async function InstructionExtras({ response }: { response: PaymentMethodResponse }) {
  const t = await getTranslations('completion');
  const crypto = response.cryptoPayment;
  if (crypto) {
    return (
      <div className="qr">
        <QrCode payload={crypto.paymentUri} label={t('instructions.address')} />
        <a className="button secondary" href={crypto.paymentUri}>
          {t('instructions.openWallet')}
        </a>
      </div>
    );
  }
  const instructions = response.paymentInstructionList;
  if (!instructions?.length) return null;
  return (
    <div>
      <h2>{t('instructions.steps')}</h2>
      {/* The institution's steps come from the API in English. */}
      {instructions.map((instruction) => (
        <details key={instruction.title} lang="en">
          <summary>{instruction.title}</summary>
          <ol className="steps">
            {instruction.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  );
}
