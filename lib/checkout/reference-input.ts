/**
 * The customer's external reference (the UTR of P2A_V2) as typed: spaces dropped, as the BFF drops
 * them (bff/external-reference.ts). The page checks it as the API will, to say what is wrong in the
 * customer's language before anything is sent.
 */
export type ReferenceProblem = 'required' | 'invalid';

export function normaliseReference(value: string): string {
  return value.replace(/\s/g, '');
}

/** What is wrong with a typed reference under its rule's pattern (a regular expression's source). */
export function referenceProblem(value: string, pattern: string): ReferenceProblem | undefined {
  const reference = normaliseReference(value);
  if (reference === '') return 'required';
  return new RegExp(pattern).test(reference) ? undefined : 'invalid';
}
