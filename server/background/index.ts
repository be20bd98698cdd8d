import 'server-only';
export { periodicWorker, type BackgroundWorker } from './worker';
export { Lifecycle, type LifecycleState } from './lifecycle';
