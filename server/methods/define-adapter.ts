import 'server-only';
import { VALIDITY_MS, type MethodCode, type MethodDescriptor } from '@/lib/methods';
import type { MethodAdapter } from './port';

/** What a method does, beyond what its descriptor says it is: all an adapter file writes. */
export type MethodBehaviour = Pick<MethodAdapter, 'buildResponse' | 'processAccount'> &
  Partial<Pick<MethodAdapter, 'operators' | 'askFor'>>;

/**
 * A method's adapter: its descriptor's facts (lib/methods/descriptors) as the port states them, and
 * its behaviour. A method without operators offers none.
 */
export function defineAdapter<Code extends MethodCode>(
  descriptor: MethodDescriptor<Code>,
  behaviour: MethodBehaviour,
): MethodAdapter {
  const reference = descriptor.externalReference;
  return {
    code: descriptor.code,
    descriptor,
    currencies: descriptor.currencies,
    operators: behaviour.operators ?? (() => []),
    assignsDefaultOperator: descriptor.assignsDefaultOperator,
    validityMs: () => VALIDITY_MS[descriptor.validity],
    uniqueAmount: descriptor.uniqueAmount,
    externalReference: reference && {
      required: reference.required,
      pattern: reference.rule.pattern,
      description: reference.rule.description,
    },
    reportsAccountCustomer: descriptor.reportsAccountCustomer,
    collection: descriptor.collection,
    completion: (currency, operator) => descriptor.completion(currency, operator?.code),
    buildResponse: behaviour.buildResponse,
    processAccount: behaviour.processAccount,
    ...(behaviour.askFor && { askFor: behaviour.askFor }),
  };
}
