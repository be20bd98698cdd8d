import 'server-only';
// Where a live merchant's money lands: the collection accounts an operator configures, their rules in
// the merchants file, and which account a payin of a method needs (docs/decisions/028, 029).
export * from './collection-account';
export * from './collection-banks';
export {
  collectionAccountEntrySchema,
  collectionAccountsSchema,
  duplicateFeedKeys,
  webhookSecretSchema,
  type CollectionAccountEntry,
} from './accounts-file';
export * from './routing';
export { presentCollectionAccount } from './account.presenter';
