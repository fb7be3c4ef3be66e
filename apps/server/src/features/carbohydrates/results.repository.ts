import type { CarbohydrateFilter, CarbohydrateResultRow } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { EXACT_COUNT_CAP, type KeyedRow as Keyed, KeysetList } from '../../db/keyset';
import { RESULTS_LIST } from './results-query.repository';

export type { PageRequest, PageResult } from '../../db/keyset';
export { EXACT_COUNT_CAP };

/** A result row with its place in the list: `_rn` its position in the read, `_k` the order's key as text. */
export type KeyedRow = Keyed<CarbohydrateResultRow>;

/** The carbohydrate results lists: the keyset engine over their declaration (results-query.repository.ts). */
export class ResultsRepository extends KeysetList<CarbohydrateFilter, CarbohydrateResultRow> {
  /**
   * `cap` 0 makes every list take the large-list path (tests of the seek use it). `fromEndAfter`: an
   * uncounted list's last page is read from the end when it lies this many rows or more from the start.
   */
  constructor(db: Db, cap = EXACT_COUNT_CAP, fromEndAfter = 50_000) {
    super(db, RESULTS_LIST, { cap, fromEndAfter });
  }
}
