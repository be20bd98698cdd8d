'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { RequestProblem, requestProblemOf } from '../request-problem';
import { SubmitButton } from '../submit-button';
import { useOperatorErrorText } from './form-errors';
import { operatorPost } from './operator-fetch';
import { inviteFormSchema, type InviteForm as Values } from './operator-forms';
import { ShownOnce } from './shown-once';
import { TextField } from './text-field';

/**
 * "Invite owner" (POST /operator/merchants/{code}/invitations): the merchant's first owner joins
 * by the link, which the API gives in this answer only; the operator sends it to them.
 */
export function InviteOwnerForm({ merchantCode }: { merchantCode: string }) {
  const t = useTranslations('console.operator.invite');
  const shownOnce = useTranslations('console.operator')('shownOnceWarning');
  const errorText = useOperatorErrorText();
  const form = useForm<Values>({
    resolver: zodResolver(inviteFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const invite = useMutation({
    mutationFn: (values: Values) =>
      operatorPost<{ invitationUrl: string; email: string }>(
        `/console/bff/operator/merchants/${encodeURIComponent(merchantCode)}/invitations`,
        { email: values.email.trim(), role: 'owner' },
      ),
    onSuccess: () => form.reset({ email: '' }),
    onError: (error) => {
      for (const { field, message } of requestProblemOf(error).errors)
        if (field === 'email') form.setError('email', { type: 'server', message });
    },
  });
  return (
    <form
      className="scenario-form"
      aria-labelledby="invite-form-heading"
      noValidate
      data-testid="invite-form"
      onSubmit={(event) => {
        invite.reset();
        void form.handleSubmit((values) => invite.mutate(values))(event);
      }}
    >
      <h2 id="invite-form-heading">{t('title')}</h2>
      <p className="console-hint">{t('lead')}</p>
      <TextField
        id="invite-email"
        label={t('email')}
        type="email"
        inputMode="email"
        error={errorText(form.formState.errors.email)}
        registration={form.register('email')}
        maxLength={254}
      />
      <RequestProblem error={invite.error} title={t('problem')} testId="invite-problem" />
      <div aria-live="polite">
        {invite.data && (
          <ShownOnce
            title={t('link', { email: invite.data.email })}
            value={invite.data.invitationUrl}
            warning={`${t('linkHint')} ${shownOnce}`}
            testId="invitation-link"
          />
        )}
      </div>
      <SubmitButton pending={invite.isPending} label={t('submit')} pendingLabel={t('sending')} />
    </form>
  );
}
