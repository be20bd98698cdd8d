import 'server-only';
export {
  ReconciliationService,
  collectionApplications,
  type IngestResult,
  type ReceiptResult,
} from './reconciliation.service';
export { feedDeliverySchema, sepaySchema } from './formats';
export type { StatementUpload } from './statements';
export { appliedToPayin } from './transaction.repository';
export { presentCollectionTransaction } from './transaction.presenter';
