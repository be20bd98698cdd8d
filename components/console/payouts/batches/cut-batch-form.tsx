'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PayoutBatchResource } from '@/lib/api/payout-batch-responses';
import { batchHref, type PayingAccount } from '@/lib/console/payout-batches';
import { consoleFetch, ConsoleRequestError } from '../../console-fetch';
import { RequestProblem } from '../../request-problem';
import { Field } from '../../scenarios/field';
import { SubmitButton } from '../../submit-button';
import { useHydrated } from '../../../ui/use-hydrated';
import { BATCHES_KEY } from './batches-table';

/**
 * "Cut a batch": the live payouts waiting at an account that pays out by file, into one batch READY
 * to download, and on to its page. The account is asked for only when several pay out (one per
 * currency); none waiting is said in words, any other refusal as the API gave it.
 */
export function CutBatchForm({ accounts }: { accounts: readonly PayingAccount[] }) {
  const t = useTranslations('console.batches.cut');
  const router = useRouter();
  const client = useQueryClient();
  // A choice made before hydration would be lost: the select waits for the script like the button.
  const hydrated = useHydrated();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const cut = useMutation({
    mutationFn: () =>
      consoleFetch<PayoutBatchResource>('/console/bff/api/payout-batches', {
        method: 'POST',
        body: { accountId },
      }),
    onSuccess: (batch) => {
      void client.invalidateQueries({ queryKey: BATCHES_KEY });
      router.push(batchHref(batch.idBatch));
    },
  });
  const empty = cut.error instanceof ConsoleRequestError && cut.error.problem?.code === 'PAYOUT_BATCH_EMPTY';
  const only = accounts.length === 1 ? accounts[0] : undefined;
  const describe = (account: PayingAccount) => `${account.accountName} (${account.id}, ${account.currency})`;

  return (
    <section className="console-card" aria-labelledby="batch-cut-heading" data-testid="batch-cut-section">
      <h2 id="batch-cut-heading">{t('title')}</h2>
      <form
        className="scenario-form batch-cut"
        aria-labelledby="batch-cut-heading"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          cut.reset();
          cut.mutate();
        }}
      >
        <p className="console-hint">{t('hint')}</p>
        {only ? (
          <p data-testid="batch-cut-account">{t('from', { account: describe(only) })}</p>
        ) : (
          <Field id="batch-account" label={t('account')}>
            <select
              id="batch-account"
              value={accountId}
              disabled={!hydrated}
              onChange={(event) => setAccountId(event.target.value)}
            >
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {describe(account)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {empty ? (
          <p className="console-alert" role="alert" data-testid="batch-cut-empty">
            {t('empty')}
          </p>
        ) : (
          <RequestProblem error={cut.error} title={t('problemTitle')} testId="batch-cut-problem" />
        )}
        <SubmitButton
          pending={cut.isPending || cut.isSuccess}
          label={t('submit')}
          pendingLabel={t('submitting')}
          testId="batch-cut"
        />
      </form>
    </section>
  );
}
