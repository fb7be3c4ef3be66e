/** What other server features may use of crop growths: the one place where a sample's range is resolved. */
export { resolveRange, type RangeOverride, type ResolvedRange, type StageRanges } from './ranges';
