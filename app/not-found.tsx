import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/checkout/error-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t('errors.pageNotFoundTitle') };
}

/**
 * An address with no page (a link cut short in a message, a typo): said in the visitor's language
 * with the way back, on the payment page's frame, never Next.js's bare English 404. Nothing vouches
 * for where the visitor came from, so the way back is the browser's.
 */
export default function NotFound() {
  return <ErrorScreen error="pageNotFound" merchant={undefined} returnHref={undefined} />;
}
