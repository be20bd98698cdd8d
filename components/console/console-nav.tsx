'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

const SECTIONS = [
  { href: '/console/payments', key: 'payments', tool: false },
  { href: '/console/balances', key: 'balances', tool: false },
  { href: '/console/payouts', key: 'payouts', tool: false },
  // Reconciliation of real money at the merchant's own accounts: live merchants' work too.
  { href: '/console/collection', key: 'collection', tool: false },
  { href: '/console/scenarios', key: 'scenarios', tool: true },
  { href: '/console/callbacks', key: 'callbacks', tool: false },
  { href: '/console/receiver', key: 'receiver', tool: false },
  { href: '/console/developers', key: 'developers', tool: false },
] as const;

/** The console's sections; the current one is marked for assistive technology too. */
export function ConsoleNav({ isTest }: { isTest: boolean }) {
  const t = useTranslations('console.nav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="console-nav">
      <ul>
        {SECTIONS.filter((section) => isTest || !section.tool).map((section) => {
          const current = pathname === section.href || pathname.startsWith(`${section.href}/`);
          return (
            <li key={section.href}>
              <Link href={section.href} aria-current={current ? 'page' : undefined}>
                {t(section.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
