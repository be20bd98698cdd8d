'use client';

import type { ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A button whose whole work is done by script: a click handler, or the submit of a form handled by
 * `onSubmit` with no `action` of its own. Disabled until the page has hydrated, so a tap on a slow
 * phone (or a test under load) before the script runs meets a greyed button rather than one that
 * silently does nothing, or a native submit that would put the form's fields in a GET URL.
 */
export function ScriptButton({
  disabled,
  type = 'button',
  ...props
}: Omit<ComponentProps<'button'>, 'type'> & { type?: 'button' | 'submit' }) {
  const hydrated = useHydrated();
  return <button {...props} type={type} disabled={!hydrated || disabled} />;
}
