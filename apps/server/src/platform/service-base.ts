import type { Db } from '../db/database';
import type { ReferenceMovers } from './references/movers';

/**
 * The base of a feature's service over its repository: `repo` (the feature's SQL, made over the database) and
 * `db` (for the service's transactions). `class LanguagesService extends ServiceOver(LanguagesRepository) { … }`.
 */
export function ServiceOver<R>(Repository: new (db: Db) => R) {
  return class {
    readonly repo: R;

    constructor(protected readonly db: Db) {
      this.repo = new Repository(db);
    }
  };
}

/**
 * The same for a reference table's service, which also moves every reference to an item (archive with reassign,
 * delete with a link) through the registered movers inside its own transaction.
 */
export function ReferenceServiceOver<R>(Repository: new (db: Db) => R) {
  return class {
    readonly repo: R;

    constructor(
      protected readonly db: Db,
      protected readonly references: ReferenceMovers,
    ) {
      this.repo = new Repository(db);
    }
  };
}
