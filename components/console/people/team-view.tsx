'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { TeamMemberResource, TeamResource } from '@/lib/api/console-responses';
import { mayAssign, ROLES, type Role } from '@/lib/console/roles';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, formatInstant } from '../console-fetch';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

type Pending = { kind: 'disable' | 'end'; member: TeamMemberResource } | undefined;

/**
 * The team: each person's role (changed here by those who may: an admin never touches an owner),
 * 2FA and open sessions; ending someone's sessions or disabling them asks first. Invitations are
 * made here and their one-time link shown to copy.
 */
export function TeamView({ initial, me }: { initial: TeamResource; me: { idUser: string; role: Role } }) {
  const t = useTranslations('console.team');
  const roles = useTranslations('console.roles');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => consoleFetch<TeamResource>('/console/bff/team'),
    initialData: initial,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['team'] });
  const [pending, setPending] = useState<Pending>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [notice, setNotice] = useState<string | undefined>();

  const invite = useMutation({
    mutationFn: (invitation: { email: string; role: Role }) =>
      consoleFetch<{ invitationUrl: string; email: string }>('/console/bff/team/invitations', {
        method: 'POST',
        body: invitation,
      }),
    onSuccess: () => {
      setEmail('');
      refresh();
    },
  });
  const act = useMutation({
    mutationFn: async (action: {
      path: string;
      method: 'POST' | 'PATCH' | 'DELETE';
      body?: unknown;
      done: string;
    }) => {
      await consoleFetch(`/console/bff/team/${action.path}`, { method: action.method, body: action.body });
      return action.done;
    },
    onSuccess: (done) => {
      setNotice(done);
      refresh();
    },
  });
  const submitInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the form shows, not the state: what was typed or chosen before the page hydrated is in
    // the fields but never reached React (a fast typist on a slow phone; CI once sent an empty e-mail).
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const typed = { email: field('email'), role: (field('role') || role) as Role };
    setEmail(typed.email);
    setRole(typed.role);
    invite.mutate(typed);
  };
  const assignable = ROLES.filter((candidate) => mayAssign(me.role, candidate));

  return (
    <>
      <section className="console-card" aria-labelledby="team-people">
        <h2 id="team-people">{t('people')}</h2>
        <div className="console-table-wrap" tabIndex={0} role="region" aria-label={t('title')}>
          <table className="console-table" data-testid="team-members">
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('role')}</th>
                <th scope="col">{t('secondFactor')}</th>
                <th scope="col">{t('sessions')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {team.data.users.map((member) => {
                const manageable =
                  member.idUser !== me.idUser && mayAssign(me.role, member.role) && !member.disabledAt;
                return (
                  <tr key={member.idUser} data-testid={`member-${member.email}`}>
                    <td>
                      {member.name}
                      <br />
                      <span className="console-muted">{member.email}</span>
                    </td>
                    <td>
                      {manageable ? (
                        <>
                          <label className="visually-hidden" htmlFor={`role-${member.idUser}`}>
                            {t('roleOf', { name: member.name })}
                          </label>
                          <select
                            id={`role-${member.idUser}`}
                            value={member.role}
                            disabled={act.isPending}
                            onChange={(event) =>
                              act.mutate({
                                path: `users/${member.idUser}`,
                                method: 'PATCH',
                                body: { role: event.target.value },
                                done: t('roleChanged', {
                                  name: member.name,
                                  role: roles(`${event.target.value as Role}.name`),
                                }),
                              })
                            }
                          >
                            {assignable.map((candidate) => (
                              <option key={candidate} value={candidate}>
                                {roles(`${candidate}.name`)}
                              </option>
                            ))}
                          </select>
                        </>
                      ) : (
                        roles(`${member.role}.name`)
                      )}
                    </td>
                    <td>{member.secondFactor ? t('on') : t('notYet')}</td>
                    <td>
                      {member.disabledAt
                        ? t('disabledAt', { when: formatInstant(locale, member.disabledAt, timeZone) })
                        : member.openSessions}
                    </td>
                    <td className="console-actions">
                      {(manageable || member.idUser === me.idUser) && member.openSessions > 0 && (
                        <ScriptButton
                          className="console-button"
                          onClick={() => setPending({ kind: 'end', member })}
                          data-testid={`end-sessions-${member.email}`}
                        >
                          {t('endSessions')}
                        </ScriptButton>
                      )}
                      {manageable && (
                        <ScriptButton
                          className="console-button danger"
                          onClick={() => setPending({ kind: 'disable', member })}
                          data-testid={`disable-${member.email}`}
                        >
                          {t('disable')}
                        </ScriptButton>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {pending && (
          <ConfirmStep
            question={
              pending.kind === 'disable'
                ? t('confirmDisable', { name: pending.member.name })
                : t('confirmEnd', { name: pending.member.name })
            }
            confirmLabel={pending.kind === 'disable' ? t('disable') : t('endSessions')}
            backLabel={t('back')}
            danger={pending.kind === 'disable'}
            pending={act.isPending}
            onConfirm={() => {
              const { kind, member } = pending;
              setPending(undefined);
              act.mutate({
                path: `users/${member.idUser}/${kind === 'disable' ? '!disable' : '!end-sessions'}`,
                method: 'POST',
                done:
                  kind === 'disable'
                    ? t('disabled', { name: member.name })
                    : t('ended', { name: member.name }),
              });
            }}
            onBack={() => setPending(undefined)}
            testId="team-confirm"
          />
        )}
        <p
          role="status"
          className={act.error ? 'console-alert' : notice ? 'console-hint' : 'visually-hidden'}
          data-testid="team-outcome"
        >
          {act.error ? t('failed', { detail: act.error.message }) : (notice ?? '')}
        </p>
      </section>

      <section className="console-card" aria-labelledby="team-invite">
        <h2 id="team-invite">{t('inviteTitle')}</h2>
        <form onSubmit={submitInvite} className="console-form">
          <label htmlFor="invite-email">{t('email')}</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            maxLength={254}
          />
          <label htmlFor="invite-role">{t('role')}</label>
          <select
            id="invite-role"
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {assignable.map((candidate) => (
              <option key={candidate} value={candidate}>
                {roles(`${candidate}.name`)}
              </option>
            ))}
          </select>
          <p className="console-hint">{roles(`${role}.description`)}</p>
          <ScriptButton type="submit" className="console-button primary" disabled={invite.isPending}>
            {t('invite')}
          </ScriptButton>
        </form>
        {invite.data && (
          <div className="console-note" role="status" data-testid="invitation-link">
            <p>{t('invited', { email: invite.data.email })}</p>
            <p className="console-actions">
              <code className="console-value">{invite.data.invitationUrl}</code>
              <CopyButton short value={invite.data.invitationUrl} label={t('link')} />
            </p>
          </div>
        )}
        {invite.error && (
          <p className="console-alert" role="alert">
            {t('failed', { detail: invite.error.message })}
          </p>
        )}
        {team.data.invitations.length > 0 && (
          <>
            <h3>{t('openInvitations')}</h3>
            <ul className="console-list" data-testid="open-invitations">
              {team.data.invitations.map((invitation) => (
                <li key={invitation.idInvitation} className="console-actions">
                  <span>
                    {invitation.email} · {roles(`${invitation.role}.name`)} ·{' '}
                    {t('until', { when: formatInstant(locale, invitation.expiresAt, timeZone) })}
                  </span>
                  <ScriptButton
                    className="console-button"
                    disabled={act.isPending}
                    onClick={() =>
                      act.mutate({
                        path: `invitations/${invitation.idInvitation}`,
                        method: 'DELETE',
                        done: t('withdrawn', { email: invitation.email }),
                      })
                    }
                  >
                    {t('withdraw')}
                  </ScriptButton>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
