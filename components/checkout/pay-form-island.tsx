'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { PayFormProps } from './pay-form-types';
import { PayFormView } from './pay-form-view';

/**
 * The plain form (server-rendered, works without JavaScript) until the enhanced one (react-hook-form,
 * zod, react-query) has loaded after the page is interactive, so the first load stays small on slow
 * mobile networks. The plain form stays on screen until the enhanced one is ready to replace it in
 * one step: no fallback is ever mounted in between, so nothing the customer typed is lost (the
 * enhanced form starts from the inputs' current values).
 */
export function PayFormIsland(props: PayFormProps) {
  const [Enhanced, setEnhanced] = useState<ComponentType<PayFormProps> | null>(null);
  useEffect(() => {
    let active = true;
    void import('./pay-form-enhanced').then((module) => {
      if (active) setEnhanced(() => module.default);
    });
    return () => {
      active = false;
    };
  }, []);
  return Enhanced ? <Enhanced {...props} /> : <PayFormView props={props} />;
}
