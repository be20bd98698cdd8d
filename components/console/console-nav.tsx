'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { Permission } from '@/lib/console/roles';

/** The sections, each for the roles that may use it (and the sandbox's for test merchants). */
const SECTIONS: readonly { href: string; key: string; permission: Permission; sandbox?: true }[] = [
  { href: '/console/payments', key: 'payments', permission: 'payments.read' },
  { href: '/console/balances', key: 'balances', permission: 'payments.read' },
  { href: '/console/payouts', key: 'payouts', permission: 'payments.read' },
  // Reconciliation of real money at the merchant's own accounts: live merchants' work too.
  { href: '/console/collection', key: 'collection', permission: 'payments.read' },
  { href: '/console/scenarios', key: 'scenarios', permission: 'tokens.mint', sandbox: true },
  { href: '/console/callbacks', key: 'callbacks', permission: 'payments.read' },
  { href: '/console/receiver', key: 'receiver', permission: 'callbacks.manage' },
  { href: '/console/developers', key: 'developers', permission: 'payments.read' },
  { href: '/console/team', key: 'team', permission: 'team.manage' },
  { href: '/console/audit', key: 'audit', permission: 'audit.read' },
  { href: '/console/account', key: 'account', permission: 'payments.read' },
];

/** The console's sections the signed-in person may use; the current one is marked for assistive technology too. */
export function ConsoleNav({ isTest, permissions }: { isTest: boolean; permissions: readonly Permission[] }) {
  const t = useTranslations('console.nav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="console-nav">
      <ul>
        {SECTIONS.filter(
          (section) => permissions.includes(section.permission) && (isTest || !section.sandbox),
        ).map((section) => {
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
