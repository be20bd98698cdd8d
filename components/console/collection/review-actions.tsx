'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CollectionTransactionResource } from '@/lib/api/collection-responses';
import {
  linkFormSchema,
  refundFormSchema,
  reviewBodyOf,
  reviewFieldOf,
  type LinkForm,
  type RefundForm,
} from '@/lib/console/collection-forms';
import { problemOf } from '@/lib/console/scenario';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, ConsoleRequestError } from '../console-fetch';
import { ProblemBox } from '../scenarios/problem-box';
import { describedBy, Field } from '../scenarios/field';
import { COLLECTION_KEY } from './collection-table';
import { useCollectionErrorText } from './form-errors';
import { ScriptButton } from '../../ui/script-button';

type Action = '!link' | '!refund';

/**
 * One review action (POST /collection/transactions/{id}/!link or !refund): the transaction as it
 * now stands replaces the page's, lists and balances ask again, field errors go to their fields.
 */
function useReviewAction<F extends LinkForm | RefundForm>(input: {
  id: string;
  action: Action;
  /** Puts the API's error of a field next to it (when the form has that field). */
  setFieldError: (field: 'idPayin' | 'note', message: string) => void;
  onDone: (transaction: CollectionTransactionResource) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: F) =>
      consoleFetch<CollectionTransactionResource>(
        `/console/bff/api/collection/transactions/${encodeURIComponent(input.id)}/${input.action}`,
        { method: 'POST', body: reviewBodyOf(values) },
      ),
    onSuccess: (transaction) => {
      client.setQueryData(['collection-transaction', input.id], transaction);
      void client.invalidateQueries({ queryKey: COLLECTION_KEY });
      void client.invalidateQueries({ queryKey: ['balances'] });
      input.onDone(transaction);
    },
    onError: (error) => {
      if (!(error instanceof ConsoleRequestError)) return;
      for (const { field, message } of problemOf(error.status, error.problem).errors) {
        const own = reviewFieldOf(field);
        if (own) input.setFieldError(own, message);
      }
    },
  });
}

function ActionProblem({ error, title }: { error: Error | null; title: string }) {
  if (!error) return null;
  return (
    <ProblemBox
      title={title}
      testId="review-problem"
      problem={
        error instanceof ConsoleRequestError
          ? problemOf(error.status, error.problem)
          : problemOf(0, { detail: error.message })
      }
    />
  );
}

/** "Link to a payment": the whole amount becomes a payment of the open payin named. */
export function LinkToPayinForm({
  id,
  onDone,
}: {
  id: string;
  onDone: (t: CollectionTransactionResource) => void;
}) {
  const t = useTranslations('console.collectionTransaction.link');
  const problemTitle = useTranslations('console.collectionTransaction')('problemTitle');
  const errorText = useCollectionErrorText();
  const form = useForm<LinkForm>({
    resolver: zodResolver(linkFormSchema),
    mode: 'onTouched',
    defaultValues: { idPayin: '', note: '' },
  });
  const send = useReviewAction<LinkForm>({
    id,
    action: '!link',
    setFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    onDone,
  });
  const idError = errorText(form.formState.errors.idPayin);
  const noteError = errorText(form.formState.errors.note);
  // Linking cannot be undone: a valid form asks first, naming the payment.
  const [confirming, setConfirming] = useState<LinkForm | undefined>();
  return (
    <form
      className="scenario-form"
      aria-labelledby="link-heading"
      noValidate
      data-testid="link-form"
      onSubmit={(event) => {
        send.reset();
        void form.handleSubmit((values) => setConfirming(values))(event);
      }}
    >
      <h3 id="link-heading">{t('title')}</h3>
      <p className="console-hint">{t('hint')}</p>
      <Field id="link-idPayin" label={t('idPayin')} error={idError}>
        <input
          id="link-idPayin"
          type="text"
          autoComplete="off"
          spellCheck={false}
          {...form.register('idPayin')}
          {...describedBy('link-idPayin', { error: idError })}
        />
      </Field>
      <Field id="link-note" label={t('note')} error={noteError}>
        <input
          id="link-note"
          type="text"
          autoComplete="off"
          {...form.register('note')}
          {...describedBy('link-note', { error: noteError })}
        />
      </Field>
      <ActionProblem error={send.error} title={problemTitle} />
      <div className="console-actions">
        <ScriptButton
          type="submit"
          className="console-button primary"
          disabled={send.isPending || !!confirming}
        >
          {send.isPending ? t('submitting') : t('submit')}
        </ScriptButton>
      </div>
      {confirming && (
        <ConfirmStep
          question={t('confirmQuestion', { idPayin: confirming.idPayin })}
          confirmLabel={t('confirmYes')}
          backLabel={t('keep')}
          pending={send.isPending}
          onConfirm={() => {
            send.mutate(confirming);
            setConfirming(undefined);
          }}
          onBack={() => setConfirming(undefined)}
          testId="link-confirm"
        />
      )}
    </form>
  );
}

/** "Mark refunded": the merchant sent the money back from its account; the note is the refund's bank reference. */
export function MarkRefundedForm({
  id,
  amount,
  onDone,
}: {
  id: string;
  /** The unapplied amount, formatted. */
  amount: string;
  onDone: (t: CollectionTransactionResource) => void;
}) {
  const t = useTranslations('console.collectionTransaction.refund');
  const problemTitle = useTranslations('console.collectionTransaction')('problemTitle');
  const errorText = useCollectionErrorText();
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema),
    mode: 'onTouched',
    defaultValues: { note: '' },
  });
  const send = useReviewAction<RefundForm>({
    id,
    action: '!refund',
    setFieldError: (field, message) => {
      if (field === 'note') form.setError(field, { type: 'server', message });
    },
    onDone,
  });
  const noteError = errorText(form.formState.errors.note);
  // Marking refunded cannot be undone: a valid form asks first, naming the amount.
  const [confirming, setConfirming] = useState<RefundForm | undefined>();
  return (
    <form
      className="scenario-form"
      aria-labelledby="refund-heading"
      noValidate
      data-testid="refund-form"
      onSubmit={(event) => {
        send.reset();
        void form.handleSubmit((values) => setConfirming(values))(event);
      }}
    >
      <h3 id="refund-heading">{t('title')}</h3>
      <p className="console-hint">{t('hint', { amount })}</p>
      <Field id="refund-note" label={t('note')} error={noteError}>
        <input
          id="refund-note"
          type="text"
          autoComplete="off"
          {...form.register('note')}
          {...describedBy('refund-note', { error: noteError })}
        />
      </Field>
      <ActionProblem error={send.error} title={problemTitle} />
      <div className="console-actions">
        <ScriptButton
          type="submit"
          className="console-button danger"
          disabled={send.isPending || !!confirming}
        >
          {send.isPending ? t('submitting') : t('submit')}
        </ScriptButton>
      </div>
      {confirming && (
        <ConfirmStep
          question={t('confirmQuestion', { amount })}
          confirmLabel={t('confirmYes')}
          backLabel={t('keep')}
          danger
          pending={send.isPending}
          onConfirm={() => {
            send.mutate(confirming);
            setConfirming(undefined);
          }}
          onBack={() => setConfirming(undefined)}
          testId="refund-confirm"
        />
      )}
    </form>
  );
}
