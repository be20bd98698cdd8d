import 'server-only';
import { thaiIdCheckDigit } from './check-digits';

/**
 * Why a PromptPay ID cannot receive, or undefined: a 13-digit tax or citizen ID with its check
 * digit, a Thai mobile number 0[689]XXXXXXXX, or a 15-digit e-wallet ID; digits only.
 */
export function promptPayIdProblem(id: string): string | undefined {
  if (/^\d{13}$/.test(id)) {
    return thaiIdCheckDigit(id.slice(0, 12)) === id[12]
      ? undefined
      : 'This 13-digit tax or citizen ID fails its check digit: a digit is probably mistyped.';
  }
  if (/^0[689]\d{8}$/.test(id) || /^\d{15}$/.test(id)) return undefined;
  return 'A PromptPay ID: a 13-digit tax or citizen ID, a Thai mobile number (0[689] and 8 digits) or a 15-digit e-wallet ID, digits only.';
}
