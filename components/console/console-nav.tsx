'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { Permission } from '@/lib/console/roles';

/**
 * The sections, each for the roles that may use it (and the sandbox's for test merchants only, the
 * live payouts' bank files for live merchants only).
 */
const SECTIONS: readonly {
  href: string;
  key: string;
  permission: Permission;
  sandbox?: true;
  live?: true;
}[] = [
  { href: '/console/payments', key: 'payments', permission: 'payments.read' },
  { href: '/console/payment-links', key: 'paymentLinks', permission: 'payments.read' },
  { href: '/console/balances', key: 'balances', permission: 'payments.read' },
  { href: '/console/payouts', key: 'payouts', permission: 'payments.read' },
  { href: '/console/payouts/batches', key: 'batches', permission: 'payments.read', live: true },
  // Reconciliation of real money at the merchant's own accounts: live merchants' work too.
  { href: '/console/collection', key: 'collection', permission: 'payments.read' },
  { href: '/console/exports', key: 'exports', permission: 'exports.read' },
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
  const sections = SECTIONS.filter(
    (section) => permissions.includes(section.permission) && (isTest ? !section.live : !section.sandbox),
  );
  // The most specific section holding the page is the current one (batches, not payouts).
  const current = sections
    .filter((section) => pathname === section.href || pathname.startsWith(`${section.href}/`))
    .reduce<string | undefined>(
      (longest, section) => (longest && longest.length >= section.href.length ? longest : section.href),
      undefined,
    );
  // On a phone the sections are one row that scrolls sideways: the current one is brought into
  // view, centred in the row. Only the row scrolls (not the page, as scrollIntoView could).
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    row.scrollLeft += linkBox.left + linkBox.width / 2 - (rowBox.left + rowBox.width / 2);
  }, [current]);
  return (
    <nav aria-label={t('label')} className="console-nav">
      <ul ref={list}>
        {sections.map((section) => (
          <li key={section.href}>
            <Link href={section.href} aria-current={section.href === current ? 'page' : undefined}>
              {t(section.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
