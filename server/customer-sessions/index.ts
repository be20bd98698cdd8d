import 'server-only';
export {
  CustomerSessionService,
  DEFAULT_CUSTOMER_SESSION_SETTINGS,
  type CustomerSession,
  type CustomerSessionSettings,
} from './customer-session.service';
