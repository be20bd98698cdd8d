import 'server-only';
export * from './port';
export { ADAPTERS, findAdapter, requireAdapter } from './registry';
export { operatorsFor, findOperator } from './operator-catalogue';
