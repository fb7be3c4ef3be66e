import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
};
