import 'server-only';
export type { ConnectorPayment, ConnectorStart, ProcessorConnector } from './port';
export { CONNECTORS, findConnector } from './registry';
