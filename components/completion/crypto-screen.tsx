import { getTranslations } from 'next-intl/server';
import { DetailList } from './detail-list';
import { QrCode } from './qr-code';
import type { CompletionContext } from './types';

/**
 * Crypto: send the exact amount of the token, on the right network, to the deposit address, from a
 * wallet or an exchange. A wallet link (and its QR) fills all of it in; no bank words, no transfer
 * note (a blockchain transfer has none: the address and amount identify the payment).
 */
export async function CryptoScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations('completion.crypto');
  const crypto = context.response.cryptoPayment;
  if (!crypto) return null;
  const values = { token: crypto.token, network: crypto.networkName, amount: context.toPay };
  return (
    <section className="card" aria-labelledby="crypto-title" data-testid="crypto-payment">
      <h1 id="crypto-title">{t('title', values)}</h1>
      <p>{t('intro', values)}</p>
      <DetailList
        details={[
          { label: t('network'), value: crypto.networkName, testId: 'detail-network' },
          { label: t('address'), value: crypto.depositAddress, copy: true, testId: 'detail-address' },
          {
            label: t('amount'),
            value: context.toPay,
            copy: true,
            copyValue: context.toPayPlain,
            testId: 'detail-amount',
          },
        ]}
      />
      <p className="notice">{t('warning', values)}</p>
      <div className="qr">
        <QrCode payload={crypto.paymentUri} label={t('qrLabel', values)} />
        <a className="button secondary" href={crypto.paymentUri} data-testid="open-wallet">
          {t('openWallet')}
        </a>
      </div>
      <p className="hint">{t('confirmations')}</p>
    </section>
  );
}
