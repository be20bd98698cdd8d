import 'server-only';
export { Metrics, type Sample } from './metrics';
