/** What other server features may use of farms: recording a farm (and its MFW id) in one place. */
export { upsertFarm, type FarmUpsert } from './farms.repository';
