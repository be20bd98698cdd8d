'use client';

import { useHydrated } from './use-hydrated';

/**
 * "Go back" to the page the customer came from (usually the shop), where no return address is
 * known. Shown only once the page is interactive and there is somewhere to go back to.
 */
export function BackButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  if (!hydrated || window.history.length < 2) return null;
  return (
    <button type="button" className="button secondary" onClick={() => window.history.back()}>
      {label}
    </button>
  );
}
