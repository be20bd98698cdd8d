import { getTranslations } from 'next-intl/server';

/**
 * The way back to the merchant: the BFF's return route, which adds the payment's status to the
 * merchant's stored return address. One look and one accessible name on every screen.
 */
export async function ReturnLink({
  href,
  merchant,
  primary = false,
}: {
  href: string;
  merchant: string | undefined;
  primary?: boolean;
}) {
  const t = await getTranslations('common');
  return (
    <a className={primary ? 'button' : 'button secondary'} href={href} data-testid="return-to-merchant">
      {merchant ? t('returnToMerchant', { merchant }) : t('returnToShop')}
    </a>
  );
}
