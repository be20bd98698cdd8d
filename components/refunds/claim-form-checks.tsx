'use client';

import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLSelectElement;

/**
 * The refund claim form's own check of what is missing, once JavaScript runs: each empty required
 * field gets its message under it in the page's language (the browser's bubble speaks the
 * browser's language and vanishes), the first one takes the focus, and a message goes as soon as
 * the field is filled. Without JavaScript the browser's check and the server's refusals remain.
 */
export function ClaimFormChecks({ formId, missing }: { formId: string; missing: Record<string, string> }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    form.noValidate = true;
    const fieldOf = (name: string): Field | undefined => {
      const element = form.elements.namedItem(name);
      return element instanceof HTMLInputElement || element instanceof HTMLSelectElement
        ? element
        : undefined;
    };
    const show = (field: Field, message: string | undefined) => {
      const id = `${field.id}-missing`;
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter((part) => part && part !== id);
      document.getElementById(id)?.remove();
      if (message === undefined) {
        if (!document.getElementById(`${field.id}-error`)) field.removeAttribute('aria-invalid');
      } else {
        const note = document.createElement('p');
        note.className = 'error';
        note.id = id;
        note.dataset.testid = `claim-missing-${field.name}`;
        note.textContent = message;
        field.closest('.field')?.append(note);
        described.push(id);
        field.setAttribute('aria-invalid', 'true');
      }
      if (described.length > 0) field.setAttribute('aria-describedby', described.join(' '));
      else field.removeAttribute('aria-describedby');
    };
    const onSubmit = (event: SubmitEvent) => {
      let first: Field | undefined;
      for (const [name, message] of Object.entries(missing)) {
        const field = fieldOf(name);
        if (!field) continue;
        const empty = field.value.trim() === '';
        show(field, empty ? message : undefined);
        if (empty) first ??= field;
      }
      if (first) {
        event.preventDefault();
        first.focus();
      }
    };
    const onInput = (event: Event) => {
      const field = event.target;
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field.value.trim() !== ''
      )
        show(field, undefined);
    };
    form.addEventListener('submit', onSubmit);
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    return () => {
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
    };
  }, [formId, missing]);
  return null;
}
