import 'server-only';
import type { Transaction } from 'kysely';
import type { Money } from '@/lib/money';
import type { Database } from '../db';
import type { Merchant } from '../merchants';
import type { Payin } from './payin';

/**
 * What another module decides about a payin before it is stored, e.g. the sandbox's magic amounts
 * (docs/decisions/021-sandbox-payments-and-magic-amounts.md). The decision is made once, at
 * create, and stored with the payin, so a crash right after the 201 loses nothing.
 */
export interface PayinPlan {
  /** How long the payin stays open, instead of its method's validity. */
  validityMs?: number;
  /** Written in the insert's transaction: the payin and these rows commit together or not at all. */
  record?: (tx: Transaction<Database>, payin: Payin) => Promise<void>;
}

/** The port PayinService asks for a plan; undefined means the method's defaults and nothing more. */
export interface PayinPlanner {
  plan(input: { merchant: Merchant; money: Money }): PayinPlan | undefined;
}
