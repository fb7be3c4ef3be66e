import type { Address, AddressInput, PagedRequest, Paged } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { ServiceOver } from '../../platform/service-base';
import { AddressesRepository } from './addresses.repository';

type Input = z.output<typeof AddressInput>;

export const DEFAULT_NOT_DELETABLE = 'The default address cannot be deleted. Make another address the default first.';
const STALE = 'This address was changed by someone else. Close the dialog and try again.';
const ONE_DEFAULT = 'Exactly one address must be the default.';

/** Addresses: all fields required (in the contract); exactly one default at all times. */
export class AddressesService extends ServiceOver(AddressesRepository) {
  paged(req: PagedRequest): Promise<Paged<Address>> {
    return this.repo.paged(req);
  }

  index(): Promise<Address[]> {
    return this.repo.list();
  }

  upsert(input: Input, userId: number | null): Promise<Address> {
    const { id, isDefault, rowVersion, ...fields } = input;
    return this.write(async (trx) => {
      if (!id) {
        // The first address becomes the default.
        const first = (await this.repo.countLive(trx)) === 0;
        let saved = await this.repo.insert(trx, fields, first);
        if (isDefault && !first) saved = await this.switchDefault(trx, saved, userId);
        await recordChange(trx, { userId, entity: 'address', entityId: saved.id, action: 'create', newValues: saved });
        return saved;
      }
      const old = await this.repo.get(trx, id);
      if (!old) throw notFound('Address');
      let saved = await this.repo.update(trx, id, fields, rowVersion ?? old.rowVersion);
      if (!saved) throw conflict(STALE);
      await recordChange(trx, { userId, entity: 'address', entityId: id, action: 'update', oldValues: old, newValues: saved });
      if (isDefault && !old.isDefault) saved = await this.switchDefault(trx, saved, userId);
      return saved;
    });
  }

  setDefault(id: number, userId: number): Promise<Address> {
    return this.write(async (trx) => {
      const target = await this.repo.get(trx, id);
      if (!target) throw notFound('Address');
      return target.isDefault ? target : this.switchDefault(trx, target, userId);
    });
  }

  delete(id: number, userId: number): Promise<true> {
    return this.write(async (trx) => {
      const old = await this.repo.get(trx, id);
      if (!old) throw notFound('Address');
      if (old.isDefault) throw fieldError('id', DEFAULT_NOT_DELETABLE);
      await this.repo.archive(trx, id);
      await recordChange(trx, { userId, entity: 'address', entityId: id, action: 'delete', oldValues: old });
      return true as const;
    });
  }

  /** Moves the default to `target` inside the caller's transaction, auditing both sides. */
  private async switchDefault(trx: Db, target: Address, userId: number | null): Promise<Address> {
    const previous = await this.repo.currentDefault(trx);
    const saved = await this.repo.makeDefault(trx, target.id);
    if (previous && previous.id !== target.id) {
      await recordChange(trx, { userId, entity: 'address', entityId: previous.id, action: 'update', oldValues: { isDefault: true }, newValues: { isDefault: false } });
    }
    await recordChange(trx, { userId, entity: 'address', entityId: target.id, action: 'update', oldValues: { isDefault: target.isDefault }, newValues: { isDefault: true } });
    return saved;
  }

  /** One transaction holding the addresses lock; a refused default state answers 409, never 500. */
  private async write<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await this.repo.lock(trx);
        return fn(trx);
      });
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if ((e.code === '23514' || e.code === '23505') && /default/.test(e.constraint ?? '')) throw conflict(ONE_DEFAULT);
      throw err;
    }
  }
}
