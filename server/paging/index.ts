import 'server-only';
export { KeysetCursors } from './keyset-cursors';
export { readTimePage, type TimeKey, type TimePage, type TimePageQuery, type TimeRange } from './time-keyset';
