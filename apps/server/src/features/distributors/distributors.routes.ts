import { distributorEndpoints } from '@sapwood/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import type { FileStorage } from '../../platform/storage/storage';
import { DistributorsService } from './distributors.service';

const LOGO_FILE = /^[a-z0-9]+-[a-z0-9]+(-low)?\.png$/;

export function registerDistributors(registrar: Registrar, ctx: FeatureContext): void {
  const { storage } = ctx;
  const distributors = new DistributorsService(ctx.db, storage, ctx.log);
  registrar.feature(distributorEndpoints, {
    paged: (input) => distributors.paged(input),
    all: () => distributors.all(),
    upsert: (input, ctx) => distributors.upsert(input, ctx.user.id),
    delete: (input, ctx) => distributors.delete(input.id, ctx.user.id),
  });
  registrar.fileRoute('/upload/distributors/:file', (req, reply) => serveLogo(storage, req, reply));
}

/** Logo files never change under their name (it carries the content hash), so they may be cached for long. */
async function serveLogo(storage: FileStorage, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const file = (req.params as { file?: string }).file ?? '';
  const stream = LOGO_FILE.test(file) ? await storage.get(`distributors/${file}`) : null;
  if (!stream) throw notFound('File');
  return reply
    .type('image/png')
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
