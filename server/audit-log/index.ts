import 'server-only';
export {
  AUDIT_ACTIONS,
  AuditLog,
  isAuditAction,
  type AuditAction,
  type AuditActor,
  type AuditEvent,
  type AuditEventInput,
} from './audit-log';
