export { CollectionService, collectionApplications, type IngestResult } from './collection.service';
export type { CollectionAccount } from '../accounts';
export type { CollectionAccountDirectory } from './feed-auth';
