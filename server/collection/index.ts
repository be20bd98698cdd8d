export { CollectionService, collectionApplications, type IngestResult } from './collection.service';
export type { CollectionAccount } from './collection-account';
export type { CollectionAccountDirectory } from './feed-auth';
