import 'server-only';
export { generateReference, REFERENCE_LENGTH } from './payment-reference';
