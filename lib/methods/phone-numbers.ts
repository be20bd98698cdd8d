import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { CURRENCIES, type CurrencyCode } from '../money/currencies';

/**
 * Phone numbers as customers write them: in their country's national format (`081 234 5678` in
 * Thailand, `0712 345678` in Kenya) or internationally (`+66 81 234 5678`), normalised to E.164 with
 * Google's libphonenumber rules (libphonenumber-js, full metadata). The country is the one whose
 * rails settle the payment's currency. Server side only: the metadata is too big for the browser.
 */
export type ParsedPhone =
  | {
      ok: true;
      /** E.164, e.g. "+66812345678". */
      e164: string;
      /** Calling code without "+", e.g. "66". */
      callingCode: string;
      /** ISO 3166-1 alpha-2 of the number, when the metadata knows it. */
      country: string | undefined;
      /** Whether the number can receive a push or an SMS (a mobile, or a range the plan shares). */
      mobile: boolean;
    }
  | { ok: false };

function countryOf(currency: CurrencyCode): CountryCode | undefined {
  return (CURRENCIES[currency].country ?? undefined) as CountryCode | undefined;
}

/** Parses a number given nationally (for the currency's country) or internationally. */
export function parsePhone(text: string, currency: CurrencyCode): ParsedPhone {
  if (text.length > 40) return { ok: false };
  const parsed = parsePhoneNumberFromString(text, countryOf(currency));
  if (!parsed?.isValid()) return { ok: false };
  const type = parsed.getType();
  return {
    ok: true,
    e164: parsed.number,
    callingCode: parsed.countryCallingCode,
    country: parsed.country,
    mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE',
  };
}

/** A mobile number of the currency's country: what push and wallet rails need. */
export function isDomesticMobile(phone: ParsedPhone, currency: CurrencyCode): boolean {
  const country = countryOf(currency);
  return phone.ok && phone.mobile && country !== undefined && phone.country === country;
}

function exampleOf(currency: CurrencyCode) {
  const country = countryOf(currency);
  return country ? getExampleNumber(country, examples) : undefined;
}

/** A mobile number of the currency's country, written nationally, for hints ("081 234 5678"). */
export function phoneExample(currency: CurrencyCode): string {
  return exampleOf(currency)?.formatNational() ?? '+66 81 234 5678';
}

/** The same example mobile number in E.164 ("+66812345678"). */
export function phoneExampleE164(currency: CurrencyCode): string {
  return exampleOf(currency)?.number ?? '+66812345678';
}

/** The name of the currency's country in English ("Thailand"), for messages. */
export function phoneCountryName(currency: CurrencyCode): string {
  const country = countryOf(currency);
  return country ? (new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country) : 'the country';
}
