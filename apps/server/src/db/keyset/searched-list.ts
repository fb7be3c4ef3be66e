import { KeysetList, type PageResult } from './keyset-list';
import { listMatch } from './match';
import { type ListOrder, orderOf } from './order';

/** The paging fields of a searched list's request (a list without filters: the capture and submission tabs). */
export interface SearchRequest {
  page: number;
  rowsPerPage: number;
  search: string;
  sortBy: string;
  ascending: boolean;
  all: boolean;
  anchor?: { page: number; first: string; last: string };
}

/** A keyset list read by a search request. */
export class SearchedList<R = Record<string, unknown>> extends KeysetList<object, R> {
  /** the orders asked for, made once each: by a whitelisted sort's name and direction, any other name as the default */
  private readonly orders = new Map<string, ListOrder>();

  /** A page as the request asks for it (`all`: the first 1,000 rows). */
  read(r: SearchRequest): Promise<PageResult> {
    const size = r.all ? 1000 : r.rowsPerPage;
    return this.page({ match: listMatch(this.decl, { search: r.search }), order: this.order(r.sortBy, r.ascending), page: r.all ? 1 : r.page, size, anchor: r.anchor });
  }

  /** A whitelisted sort, or the list's default order. */
  order(sortBy: string, ascending: boolean): ListOrder {
    const name = Object.hasOwn(this.decl.sorts, sortBy) ? `${sortBy}:${ascending ? 'a' : 'd'}` : 'default';
    let order = this.orders.get(name);
    if (!order) {
      order = orderOf(this.decl, sortBy, ascending);
      this.orders.set(name, order);
    }
    return order;
  }
}
