import type { FastifyBaseLogger } from 'fastify';
import { loadSharp } from '../images/lazy-sharp';
import { type FileStorage, readAll } from '../storage/storage';

/**
 * A distributor's logo for a report, from the full-size image features/distributors stores: a missing file is
 * no logo, but a store that cannot answer fails the job (it is retried) rather than making a report without
 * its logo. `low` embeds a small, strongly compressed copy (the carbohydrate report's Low Image Quality).
 */
export async function distributorLogo(files: FileStorage, log: FastifyBaseLogger, path: string | null, hash: string | null, low = false): Promise<Buffer | null> {
  const original = path && hash ? await readAll(files, `distributors/${path}-${hash}.png`) : null;
  if (!original) return null;
  try {
    const img = (await loadSharp())(original).flatten({ background: '#ffffff' });
    return low ? await img.resize({ width: 160, withoutEnlargement: true }).jpeg({ quality: 40 }).toBuffer()
      : await img.resize({ width: 900, withoutEnlargement: true }).png().toBuffer();
  } catch (err) {
    log.warn({ err }, 'distributor logo could not be read; the report is made without it');
    return null;
  }
}
