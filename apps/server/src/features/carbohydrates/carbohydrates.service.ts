import { type CarbohydrateEdit, type CarbohydrateFilter, type PagedRequest, carbohydrateEditErrors } from '@sapwood/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { HttpError, conflict, forbidden, notFound, validationError } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { CarbohydratesRepository } from './carbohydrates.repository';
import { GROUPED_ORDER, type ListOrder, listMatch, resultsOrder } from './results-query.repository';
import { type PageResult, ResultsRepository } from './results.repository';

export type ListRequest = PagedRequest & CarbohydrateFilter & { anchor?: { page: number; first: string; last: string } };

/** The carbohydrate results screen: paged lists, edit, merge of location groups, debug data. */
export class CarbohydratesService {
  readonly results: ResultsRepository;
  private readonly repo: CarbohydratesRepository;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.results = new ResultsRepository(db);
    this.repo = new CarbohydratesRepository(db);
  }

  paged(r: ListRequest): Promise<PageResult> {
    return this.list(r, resultsOrder(r.sortBy, r.ascending));
  }

  pagedGrouped(r: ListRequest): Promise<PageResult> {
    return this.list(r, GROUPED_ORDER);
  }

  private list(r: ListRequest, order: ListOrder): Promise<PageResult> {
    const size = r.all ? 1000 : r.rowsPerPage;
    return this.results.page({ match: listMatch(r), order, page: r.all ? 1 : r.page, size, anchor: r.anchor });
  }

  filterOptions() {
    return this.repo.filterOptions();
  }

  /** The captured sample's JSON, for Admin or in dev mode only (spec part 1 §6). */
  async apiData(id: number, user: SessionUser): Promise<{ original: unknown; mapped: unknown }> {
    if (!user.permissions.includes('Admin') && !this.config.IS_DEV) throw forbidden();
    const r = await this.repo.apiData(id);
    if (!r.found) throw notFound('Entry');
    return { original: r.original, mapped: r.mapped };
  }

  async update(input: CarbohydrateEdit, userId: number): Promise<true> {
    const { id, rowVersion, ...values } = input;
    const errors = carbohydrateEditErrors(values);
    if (errors.length) throw validationError(errors);
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.entryForUpdate(trx, id);
      if (!old) throw notFound('Entry');
      if (old.rowVersion !== rowVersion) throw conflict('This entry was changed by someone else. Reload it and try again.');
      const fit = await this.repo.referencesFit(trx, values);
      const wrong = [
        !fit.crop && { field: 'cropId', message: 'Crop required' },
        !fit.cultivar && { field: 'cultivarId', message: 'Cultivar required' },
        !fit.region && { field: 'regionId', message: 'Region does not belong to the crop' },
        !fit.growth && { field: 'cropGrowthId', message: 'Growth required' },
        !fit.tissue && { field: 'tissueId', message: 'Organ type required' },
      ].filter((x): x is { field: string; message: string } => !!x);
      if (wrong.length) throw validationError(wrong);
      const trimmed = { ...values, entity: values.entity.trim(), agent: values.agent.trim(), agriculturist: values.agriculturist.trim(),
        farmName: values.farmName.trim(), fieldBlockNumber: values.fieldBlockNumber.trim(), regionId: values.regionId || null };
      if (!(await this.repo.updateEntry(trx, id, rowVersion, trimmed))) throw conflict('This entry was changed by someone else. Reload it and try again.');
      const { rowVersion: _v, ...before } = old;
      void _v;
      await recordChange(trx, { userId, entity: 'lab_job_entries', entityId: id, action: 'update', oldValues: before, newValues: trimmed });
      return true as const;
    });
  }

  /** Every entry of the selected entries' location groups becomes one new explicit group (ADR 0070). */
  async merge(ids: number[], userId: number): Promise<{ group: string; count: number }> {
    const unique = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const { keys, found } = await this.repo.groupsOf(trx, unique);
      if (found !== unique.length) throw new HttpError(404, 'NotFound', 'Some of the selected entries no longer exist.');
      const merged = await this.repo.mergeGroups(trx, keys, userId);
      const group = await this.repo.groupKeyOf(trx, merged.groupId);
      await recordChange(trx, {
        userId, entity: 'location_groups', entityId: merged.groupId, action: 'merge',
        oldValues: { groups: keys, selected: unique }, newValues: { group, entries: merged.ids },
      });
      return { group, count: merged.ids.length };
    });
  }
}
