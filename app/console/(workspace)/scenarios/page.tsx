import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { ScenarioBuilder } from '@/components/console/scenarios/scenario-builder';
import { newIdPayin, scenarioDefaults, scenarioFromQuery } from '@/lib/console/scenario';
import './scenarios.css';

export const metadata: Metadata = { title: 'Scenarios · Merchant console' };

interface ScenariosPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The scenario builder (test merchants only: live merchants' console offers no tools). */
export default async function ScenariosPage({ searchParams }: ScenariosPageProps) {
  const [{ session }, t, query] = await Promise.all([
    requireSignedIn(),
    getTranslations('console'),
    searchParams,
  ]);
  if (!session.isTest)
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
