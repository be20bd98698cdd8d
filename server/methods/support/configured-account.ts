import 'server-only';
import type { CollectionAccount, CollectionAccountType } from '../../accounts';
import type { MethodResponseContext } from '../port';

/**
 * The configured account of this type the payin is payable to, or undefined for a test merchant
 * without one (the adapter then derives sandbox coordinates). A live payin never reaches an adapter
 * without its account (server/payins/collection-plan.ts refuses it first); should one, this throws
 * rather than let invented coordinates reach a real customer.
 */
export function configuredAccount<Type extends CollectionAccountType>(
  context: Pick<MethodResponseContext, 'collection' | 'isTest'>,
  type: Type,
): Extract<CollectionAccount, { type: Type }> | undefined {
  const account = context.collection?.account;
  if (account?.type === type) return account as Extract<CollectionAccount, { type: Type }>;
  if (!context.isTest) throw new Error(`A live payin needs a configured ${type} collection account.`);
  return undefined;
}

/** Where a connector method sends the customer; only a started processor payment has it. */
export function redirectOf(context: Pick<MethodResponseContext, 'processor'>): string {
  const redirectTo = context.processor?.redirectTo;
  if (redirectTo === undefined) throw new Error('The processor connector gave no redirectTo.');
  return redirectTo;
}
