import 'server-only';
export { KeysetCursors } from './keyset-cursors';
