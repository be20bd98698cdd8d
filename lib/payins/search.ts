import { WITHOUT_CONTROL_CHARACTERS } from '../schemas/customer-data';

/**
 * The longest search text `GET /payins?q=` takes (docs/decisions/046-payin-search.md): more than an
 * idPayin or an account number (64), and names match by their beginning, so a longer text finds
 * nothing a shorter one would not.
 */
export const PAYIN_SEARCH_MAX_LENGTH = 100;

/** The search text as it is matched: without surrounding white space. */
export function payinSearchText(text: string): string {
  return text.trim();
}

/** Why a search text (already trimmed) cannot be used, or undefined when it can. */
export function payinSearchProblem(text: string): string | undefined {
  if (text.length === 0 || text.length > PAYIN_SEARCH_MAX_LENGTH)
    return `Give 1–${PAYIN_SEARCH_MAX_LENGTH} characters: an idPayin, a reference, an amount (1500.50), or a payer's name, account number or phone.`;
  if (!WITHOUT_CONTROL_CHARACTERS.test(text)) return 'Must not contain control characters.';
  return undefined;
}
