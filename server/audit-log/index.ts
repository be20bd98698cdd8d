import 'server-only';
export {
  AUDIT_ACTIONS,
  AuditLog,
  type AuditAction,
  type AuditEvent,
  type AuditEventInput,
} from './audit-log';
