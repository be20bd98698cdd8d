import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { ScenarioBuilder } from '@/components/console/scenarios/scenario-builder';
import { newIdPayin, scenarioDefaults, scenarioFromQuery } from '@/lib/console/scenario';
import './scenarios.css';

export const metadata: Metadata = { title: 'Scenarios · Merchant console' };

interface ScenariosPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The scenario builder: test payment links, for test merchants and the roles that mint tokens. */
export default async function ScenariosPage({ searchParams }: ScenariosPageProps) {
  const [{ session }, t, query] = await Promise.all([
    requireSignedIn(),
    getTranslations('console'),
    searchParams,
  ]);
  if (!session.isTest || !allows(session, 'tokens.mint'))
    return (
      <>
        <h1>{t('scenarios.title')}</h1>
        <p className="console-note" role="note" data-testid="scenarios-live">
          {t('scenarios.liveUnavailable')}
        </p>
      </>
    );
  return (
    <>
      <h1>{t('scenarios.title')}</h1>
      <p className="console-muted scenario-lead">{t('scenarios.lead')}</p>
      <ScenarioBuilder
        merchantCode={session.merchantCode}
        initial={scenarioFromQuery(query, scenarioDefaults(newIdPayin()))}
      />
    </>
  );
}
