import 'server-only';
export * from './port';
export { findAdapter, requireAdapter } from './registry';
export { operatorsFor, findOperator } from './operator-catalogue';
