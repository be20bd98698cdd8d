'use client';

import { useTranslations } from 'next-intl';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

/** The secret in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * 2FA set-up: scan the QR (or type the secret), confirm with a code; the answer's recovery codes
 * are shown here once, to copy or print, before the console opens.
 */
export function SecondFactorSetUp({
  secret,
  otpauthUri,
  next,
}: {
  secret: string;
  otpauthUri: string;
  next: string;
}) {
  const t = useTranslations('console.signIn.setUp');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const response = await fetch('/console/bff/second-factor', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, next }),
      });
      const body = (await response.json().catch(() => ({}))) as { recoveryCodes?: string[]; error?: string };
      if (response.ok) setRecoveryCodes(body.recoveryCodes ?? []);
      else if (body.error === 'expired')
        // A full navigation: the sign-in page is a server form, and the pending sign-in is gone.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/console/sign-in?e=expired');
      else setError(body.error === 'locked' ? t('locked') : t('wrongCode'));
    } catch {
      setError(t('unavailable'));
    } finally {
      setPending(false);
    }
  };

  if (recoveryCodes)
    return (
      <section aria-labelledby="recovery-heading" data-testid="recovery-codes">
        <h2 id="recovery-heading">{t('recoveryTitle')}</h2>
        <p>{t('recoveryLead')}</p>
        <ol className="console-recovery-codes">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ol>
        <p className="console-actions">
          <CopyButton value={recoveryCodes.join('\n')} label={t('copyCodes')} />
        </p>
        <a className="console-button primary" href={next} data-testid="continue-to-console">
          {t('continue')}
        </a>
      </section>
    );

  return (
    <>
      <ol className="console-steps">
        <li>
          <p>{t('scan')}</p>
          <div className="console-qr" data-testid="totp-qr">
            <QRCodeSVG value={otpauthUri} size={184} marginSize={2} title={t('qrTitle')} />
          </div>
          <p className="console-hint">{t('typeInstead')}</p>
          <p className="console-actions">
            <code data-testid="totp-secret">{grouped(secret)}</code>
            <CopyButton short value={secret} label={t('secretLabel')} />
          </p>
        </li>
        <li>
          <form onSubmit={(event) => void submit(event)} className="console-form">
            <label htmlFor="setup-code">{t('codeLabel')}</label>
            <input
              id="setup-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              aria-describedby={error ? 'setup-error' : undefined}
            />
            {error && (
              <p id="setup-error" className="console-alert" role="alert">
                {error}
              </p>
            )}
            <ScriptButton type="submit" className="console-button primary" disabled={pending}>
              {t('confirm')}
            </ScriptButton>
          </form>
        </li>
      </ol>
    </>
  );
}
