'use client';

import type { ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A `type="button"` whose whole work is its click handler: disabled until the page has hydrated, so a
 * tap on a slow phone (or a test under load) before the script runs meets a greyed button rather than
 * one that silently does nothing.
 */
export function ScriptButton({ disabled, ...props }: Omit<ComponentProps<'button'>, 'type'>) {
  const hydrated = useHydrated();
  return <button {...props} type="button" disabled={!hydrated || disabled} />;
}
