import 'server-only';
export { generateReference, readReference, REFERENCE_LENGTH } from './payment-reference';
