import type { ColumnType, Generated } from 'kysely';

/** A user's own preferences (migration 0258, feature preferences). */
export interface PreferenceTables {
  column_preferences: {
    user_id: number;
    table_key: string;
    /** the hidden column ids, a JSON array */
    hidden: ColumnType<unknown, string, string>;
    row_version: Generated<number>;
    updated_at: Generated<Date>;
  };
}
