import { getTranslations } from 'next-intl/server';
import { magicNoteOf } from '@/lib/sandbox/magic-note';
import type { Money } from '@/lib/money';

/** The test banner's line for a magic amount (what the payment will do by itself), if it is one. */
export async function magicNoteText(money: Money | undefined, isTest: boolean): Promise<string | undefined> {
  const note = isTest && money ? magicNoteOf(money) : undefined;
  if (!note) return undefined;
  const t = await getTranslations('sandbox.magic');
  return t(note.key, note.values);
}
