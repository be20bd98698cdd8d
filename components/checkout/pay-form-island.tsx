'use client';

import { lazy, Suspense } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import type { PayFormProps } from './pay-form-types';
import { PayFormView } from './pay-form-view';

// The enhanced form (react-hook-form, zod, react-query) loads after the page is interactive: the
// plain form is already usable, so the first load stays small on slow mobile networks.
const EnhancedPayForm = lazy(() => import('./pay-form-enhanced'));

export function PayFormIsland(props: PayFormProps) {
  const hydrated = useHydrated();
  const plain = <PayFormView props={props} />;
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <EnhancedPayForm {...props} />
    </Suspense>
  );
}
