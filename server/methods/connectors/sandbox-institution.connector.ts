import 'server-only';
import type { ProcessorConnector } from './port';

/**
 * The sandbox's simulated payment institution (the /sandbox/institution pages): it serves every
 * connector method for test merchants, and moves no money, so never a live merchant's. Idempotent
 * as the port asks: it keeps no payment of its own (its page reads the stored payin by session), so
 * starting again starts nothing.
 */
export const sandboxInstitutionConnector: ProcessorConnector = {
  id: 'sandbox-institution',
  live: false,
  serves: () => true,
  start: (payment) =>
    Promise.resolve({ redirectTo: `${payment.publicUrl}/sandbox/institution/${payment.session}` }),
};
