import 'server-only';
export { ExportService, CONTENT_TYPES, type ExportFile } from './export.service';
export {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  MAX_EXPORT_DAYS,
  exportQuerySchema,
  isExportKind,
  negotiateFormat,
  type ExportFormat,
  type ExportKind,
  type ExportRequest,
} from './export-request';
