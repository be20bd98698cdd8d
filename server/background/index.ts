import 'server-only';
export { periodicWorker, type BackgroundWorker } from './worker';
