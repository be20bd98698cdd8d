import 'server-only';
export {
  ReconciliationService,
  collectionApplications,
  type IngestResult,
  type ReceiptResult,
} from './reconciliation.service';
export { feedDeliverySchema, sepaySchema } from './formats';
export type { StatementUpload } from './statements';
export type { AccountStatementMapping, StatementMappingService } from './statement-mapping.service';
export { appliedToPayin, type CollectionTransaction } from './transaction.repository';
export { presentCollectionTransaction } from './transaction.presenter';
