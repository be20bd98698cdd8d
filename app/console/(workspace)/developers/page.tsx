import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { publicOrigin } from '@/bff/origin';
import { CopyButton } from '@/components/console/copy-button';
import { SigningSecret } from '@/components/console/developers/signing-secret';
import { TokenMintForm } from '@/components/console/developers/token-mint-form';
import { VerificationSnippet } from '@/components/console/developers/verification-snippet';

/** What a merchant's developers need: the API's address and reference, the callback secret, tokens. */
export default async function DevelopersPage() {
  const [{ session }, t] = await Promise.all([requireSignedIn(), getTranslations('console.developers')]);
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
      <section className="console-card" aria-labelledby="developers-secret">
        <h2 id="developers-secret">{t('secret.title')}</h2>
        <p>{t('secret.lead')}</p>
        <SigningSecret />
        <h3>{t('snippet.title')}</h3>
        <p className="console-hint">{t('snippet.lead')}</p>
        <VerificationSnippet label={t('snippet.title')} />
      </section>
      <section className="console-card" aria-labelledby="developers-mint">
        <h2 id="developers-mint">{t('mint.title')}</h2>
        {session.isTest ? (
          <>
            <p>{t('mint.lead')}</p>
            <TokenMintForm />
          </>
        ) : (
          <p className="console-note" data-testid="mint-read-only">
            {t('mint.liveReadOnly')}
          </p>
        )}
      </section>
    </>
  );
}
