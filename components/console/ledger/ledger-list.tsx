import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { ledgerLines, transferSubject, type LedgerTransfer } from '@/lib/console/ledger';
import { formatMoney } from '@/lib/format/money-format';
import { formatInstant } from '../console-fetch';

/**
 * Ledger transfers as the API lists them: what each was (type, time, its payin, payout or incoming
 * transaction, who did it when a person did) and its double-entry lines as a small account / debit /
 * credit table.
 */
export function LedgerList({
  transfers,
  showSubject = true,
}: {
  transfers: readonly LedgerTransfer[];
  /** Link each transfer to its payin or payout (not on the page of that payin or payout). */
  showSubject?: boolean;
}) {
  const t = useTranslations('console.ledger');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <ol className="ledger-list" data-testid="ledger-list">
      {transfers.map((transfer) => {
        const subject = showSubject ? transferSubject(transfer) : undefined;
        return (
          <li
            key={transfer.id}
            className="console-card ledger-transfer"
            data-testid="ledger-transfer"
            data-type={transfer.type}
            data-id={transfer.id}
          >
            <div className="console-card-head">
              <h3>
                {t(`types.${transfer.type}`)} <code className="console-muted">{transfer.type}</code>
              </h3>
              <span className="console-hint">{formatInstant(locale, transfer.createdAt, timeZone)}</span>
              {subject && (
                <Link href={subject.href} data-testid="ledger-subject">
                  {t(subject.kind, { id: subject.id })}
                </Link>
              )}
              {transfer.actor && (
                <span className="console-hint console-value" data-testid="ledger-actor">
                  {t('actor', { actor: transfer.actor })}
                </span>
              )}
            </div>
            <table className="console-table ledger-entries">
              <caption className="visually-hidden">{t('entries', { id: transfer.id })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.account')}</th>
                  <th scope="col" className="money-cell">
                    {t('columns.debit')}
                  </th>
                  <th scope="col" className="money-cell">
                    {t('columns.credit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledgerLines(transfer).map((line, index) => (
                  <tr
                    key={index}
                    data-testid="ledger-line"
                    data-account={line.account}
                    data-debit={line.debit?.amount}
                    data-credit={line.credit?.amount}
                  >
                    <th scope="row">
                      <code>{line.account}</code>
                    </th>
                    <td className="money-cell" data-label={t('columns.debit')}>
                      {line.debit ? formatMoney(locale, line.debit.amount, line.debit.currencyCode) : ''}
                    </td>
                    <td className="money-cell" data-label={t('columns.credit')}>
                      {line.credit ? formatMoney(locale, line.credit.amount, line.credit.currencyCode) : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        );
      })}
    </ol>
  );
}
