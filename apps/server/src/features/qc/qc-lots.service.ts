import { type ControlLot, type ControlLotUpsert, type PagedRequest, QC_MESSAGES } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { type LotValues, QcLotsRepository } from './qc-lots.repository';

/** Control materials (a lot of one analyte, its assigned mean and SD, valid from/to) and the QC setting. */
export class QcLotsService {
  readonly repo: QcLotsRepository;

  constructor(private readonly db: Db) {
    this.repo = new QcLotsRepository(db);
  }

  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  active(): Promise<ControlLot[]> {
    return this.repo.activeOn(new Date().toISOString().slice(0, 10));
  }

  upsert(input: z.output<typeof ControlLotUpsert>, userId: number): Promise<ControlLot> {
    const { id, rowVersion, ...values } = input;
    const v: LotValues = values;
    return this.db.transaction().execute(async (trx) => {
      if (!id) {
        if (await this.repo.lotTaken(trx, v, null)) throw fieldError('lot', QC_MESSAGES.lotTaken);
        const newId = await this.repo.insert(trx, v);
        await recordChange(trx, { userId, entity: 'qc_control_lot', entityId: newId, action: 'create', newValues: v });
        return (await this.repo.get(trx, newId))!;
      }
      if (rowVersion === undefined) throw fieldError('rowVersion', 'The version you loaded is required.');
      const old = await this.repo.get(trx, id, true);
      if (!old) throw notFound('Control material');
      if (old.rowVersion !== rowVersion) throw conflict(QC_MESSAGES.lotChanged);
      if (await this.repo.lotTaken(trx, v, id)) throw fieldError('lot', QC_MESSAGES.lotTaken);
      if (!(await this.repo.update(trx, id, rowVersion, v))) throw conflict(QC_MESSAGES.lotChanged);
      const { id: _i, rowVersion: _r, ...before } = old;
      await recordChange(trx, { userId, entity: 'qc_control_lot', entityId: id, action: 'update', oldValues: before, newValues: v });
      return (await this.repo.get(trx, id))!;
    });
  }

  settings() {
    return this.repo.settings();
  }

  updateSettings(controlsOptional: boolean, rowVersion: number, userId: number) {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.settings(trx);
      if (!(await this.repo.updateSettings(trx, controlsOptional, rowVersion))) throw conflict(QC_MESSAGES.lotChanged.replace('control material', 'QC setting'));
      await recordChange(trx, { userId, entity: 'qc_settings', entityId: 1, action: 'update', oldValues: { controlsOptional: old.controlsOptional }, newValues: { controlsOptional } });
      return this.repo.settings(trx);
    });
  }
}
