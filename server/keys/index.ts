import 'server-only';
export { loadServerSecret, type ServerSecretName } from './server-secrets';
