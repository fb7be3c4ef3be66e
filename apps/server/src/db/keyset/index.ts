export type { KeyKind, KeysetDeclaration, KeysetFilter, KeysetSort, RowColumn, RowShape } from './declaration';
export { EXACT_COUNT_CAP, type KeyedRow, KeysetList, type KeysetOptions, type PageAnchor, type PageRequest, type PageResult } from './keyset-list';
export { type ListMatch, listMatch, matchWhere, prefixEnd } from './match';
export { type ListOrder, fixedOrder, orderOf } from './order';
export { type SearchRequest, SearchedList } from './searched-list';
