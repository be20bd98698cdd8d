'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RequestProblem } from '../request-problem';
import { describedBy, Field } from '../scenarios/field';
import { SubmitButton } from '../submit-button';
import { operatorPost } from './operator-fetch';
import { jsonObjectOf } from './operator-forms';

/**
 * Replaces a collection account (PUT, same id, the merchants file's rules) from its JSON as
 * stored: feed credentials are kept when the JSON gives none (the API holds them only as hashes).
 */
export function ReplaceAccountForm({
  merchantCode,
  accountId,
  initial,
}: {
  merchantCode: string;
  accountId: string;
  initial: string;
}) {
  const t = useTranslations('console.operator.account');
  const router = useRouter();
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const id = `replace-${accountId}`;
  const replace = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      operatorPost<{ id: string }>(
        `/console/bff/operator/merchants/${encodeURIComponent(merchantCode)}/collection-accounts/${encodeURIComponent(accountId)}`,
        body,
      ),
    onSuccess: () => router.refresh(),
  });
  const error = invalid ? t('jsonInvalid') : undefined;
  return (
    <form
      className="scenario-form"
      noValidate
      aria-label={t('replaceTitle', { id: accountId })}
      onSubmit={(event) => {
        event.preventDefault();
        replace.reset();
        const body = jsonObjectOf(text);
        setInvalid(body === undefined);
        if (body) replace.mutate(body);
      }}
    >
      <Field id={id} label={t('json')} hint={t('replaceHint')} error={error}>
        <textarea
          id={id}
          rows={10}
          spellCheck={false}
          className="operator-json"
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...describedBy(id, { hint: true, error })}
        />
      </Field>
      <RequestProblem error={replace.error} title={t('replaceProblem')} testId="replace-problem" />
      <div aria-live="polite">
        {replace.isSuccess && <p className="console-hint">{t('replaced', { id: accountId })}</p>}
      </div>
      <SubmitButton
        pending={replace.isPending}
        label={t('replace')}
        pendingLabel={t('replacing')}
        primary={false}
      />
    </form>
  );
}
