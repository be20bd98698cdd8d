import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { ApiKeys } from '@/components/console/developers/api-keys';
import { RotateSecret } from '@/components/console/developers/rotate-secret';
import { publicOrigin } from '@/bff/origin';
import { CopyButton } from '@/components/console/copy-button';
import { SigningSecret } from '@/components/console/developers/signing-secret';
import { TokenMintForm } from '@/components/console/developers/token-mint-form';
import { VerificationSnippet } from '@/components/console/developers/verification-snippet';

/** What a merchant's developers need: the API's address and reference, the callback secret, keys, tokens (by role). */
export default async function DevelopersPage() {
  const [{ session }, t, tRoles] = await Promise.all([
    requireSignedIn(),
    getTranslations('console.developers'),
    getTranslations('console.roles'),
  ]);
  const baseUrl = `${publicOrigin()}/api`;
  return (
    <>
      <h1>{t('title')}</h1>
      <section className="console-card" aria-labelledby="developers-api">
        <h2 id="developers-api">{t('api.title')}</h2>
        <p>{t('api.lead')}</p>
        <dl className="console-kv">
          <dt>{t('api.baseUrl')}</dt>
          <dd className="console-actions">
            <code data-testid="api-base-url">{baseUrl}</code>
            <CopyButton short value={baseUrl} label={t('api.baseUrl')} />
          </dd>
          <dt>{t('api.header')}</dt>
          <dd>
            <code>X-API-Version: 2</code>
          </dd>
        </dl>
        <ul>
          <li>
            <a href="/api/reference">{t('api.reference')}</a>
          </li>
          <li>
            <a href="/api/openapi.json">{t('api.openapi')}</a>
          </li>
        </ul>
      </section>
      {allows(session, 'callbacks.manage') && (
        <section className="console-card" aria-labelledby="developers-secret">
          <h2 id="developers-secret">{t('secret.title')}</h2>
          <p>{t('secret.lead')}</p>
          <SigningSecret />
          <h3>{t('rotate.title')}</h3>
          <RotateSecret />
          <h3>{t('snippet.title')}</h3>
          <p className="console-hint">{t('snippet.lead')}</p>
          <VerificationSnippet label={t('snippet.title')} />
        </section>
      )}
      {allows(session, 'keys.manage') && (
        <section className="console-card" aria-labelledby="developers-keys">
          <h2 id="developers-keys">{t('keys.title')}</h2>
          <p>{t('keys.lead')}</p>
          <ApiKeys />
        </section>
      )}
      <section className="console-card" aria-labelledby="developers-mint">
        <h2 id="developers-mint">{t('mint.title')}</h2>
        {allows(session, 'tokens.mint') ? (
          <>
            <p>{t('mint.lead')}</p>
            <TokenMintForm />
          </>
        ) : (
          <p className="console-note" data-testid="mint-not-permitted">
            {t('mint.notPermitted', { role: tRoles(`${session.user.role}.name`) })}
          </p>
        )}
      </section>
    </>
  );
}
