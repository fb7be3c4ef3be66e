import type { Distributor, DistributorUpsertInput, PagedRequest, Paged } from '@sapwood/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { FileStorage } from '../../platform/storage/storage';
import { newImagePath, prepareLogo, removeLogo, storeLogo } from './distributor-logo';
import { DistributorsRepository } from './distributors.repository';

type Input = z.output<typeof DistributorUpsertInput>;

const STALE = 'This distributor was changed by someone else. Close the dialog and try again.';

/** Distributors: a name and an optional logo kept in the file storage. */
export class DistributorsService {
  private readonly repo: DistributorsRepository;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new DistributorsRepository(db);
  }

  paged(req: PagedRequest): Promise<Paged<Distributor>> {
    return this.repo.paged(req);
  }

  all(): Promise<Distributor[]> {
    return this.repo.all();
  }

  async upsert(input: Input, userId: number): Promise<Distributor> {
    const old = input.id ? await this.repo.get(this.db, input.id) : undefined;
    if (input.id && !old) throw notFound('Distributor');
    // a stale version is a conflict before the logo is judged (the update below checks it again, atomically)
    if (old && input.rowVersion !== undefined && input.rowVersion !== old.rowVersion) throw conflict(STALE);
    if (input.newImage && !input.image) throw fieldError('image', 'Choose a logo image');
    const logo = input.image ? await prepareLogo(input.image) : null;
    const imagePath = old?.imagePath ?? (logo ? newImagePath() : null);
    const unchangedLogo = !logo || (old?.imageHash === logo.hash && old.imagePath === imagePath);
    if (logo && imagePath && !unchangedLogo) await storeLogo(this.storage, imagePath, logo);
    try {
      const saved = await this.save(input, old, { name: input.name, imagePath, imageHash: logo?.hash ?? old?.imageHash ?? null }, userId);
      if (old?.imagePath && old.imageHash && !unchangedLogo) await this.discard(old.imagePath, old.imageHash);
      return saved;
    } catch (err) {
      if (logo && imagePath && !unchangedLogo) await this.discard(imagePath, logo.hash);
      throw err;
    }
  }

  async delete(id: number, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, id);
      if (!old) throw notFound('Distributor');
      await this.repo.archive(trx, id);
      await recordChange(trx, { userId, entity: 'distributor', entityId: id, action: 'delete', oldValues: old });
      return true as const;
    });
  }

  private save(input: Input, old: Distributor | undefined, fields: { name: string; imagePath: string | null; imageHash: string | null }, userId: number) {
    return this.db.transaction().execute(async (trx) => {
      if (!old) {
        const created = await this.repo.insert(trx, fields);
        await recordChange(trx, { userId, entity: 'distributor', entityId: created.id, action: 'create', newValues: created });
        return created;
      }
      const saved = await this.repo.update(trx, old.id, fields, input.rowVersion ?? old.rowVersion);
      if (!saved) throw conflict(STALE);
      await recordChange(trx, { userId, entity: 'distributor', entityId: old.id, action: 'update', oldValues: old, newValues: saved });
      return saved;
    });
  }

  /** Old or orphaned logo files go; failing to remove one is logged, not an error for the user. */
  private async discard(imagePath: string, imageHash: string): Promise<void> {
    await removeLogo(this.storage, imagePath, imageHash).catch((err: unknown) => this.log.warn({ err }, 'could not remove a logo file'));
  }
}

