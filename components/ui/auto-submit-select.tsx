'use client';

import type { ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';

/** A select that submits its form when changed; without JavaScript a submit button does it. */
export function AutoSubmitSelect(props: ComponentProps<'select'>) {
  const enhanced = useHydrated();
  return (
    <>
      <select {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />
      {!enhanced && (
        <button type="submit" className="button small secondary">
          OK
        </button>
      )}
    </>
  );
}
