import 'server-only';
export * from './port';
export { ADAPTERS, requireAdapter } from './registry';
export { operatorsFor, findOperator } from './operator-catalogue';
export {
  CONNECTORS,
  findConnector,
  type ConnectorPayment,
  type ConnectorStart,
  type ProcessorConnector,
} from './connectors';
