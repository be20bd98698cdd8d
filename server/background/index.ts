import 'server-only';
export { periodicWorker, type BackgroundWorker, type PeriodicWorker } from './worker';
export { Lifecycle, type LifecycleState } from './lifecycle';
