import 'server-only';
export { keepServerValueOnce, loadServerSecret, type ServerSecretName } from './server-secrets';
