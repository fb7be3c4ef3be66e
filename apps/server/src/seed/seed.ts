import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/context';
import { hashPassword } from '../platform/auth/passwords';
import { featureTextKeys } from '../features';
import { seedLanguageTexts } from '../features/languages';
import { seedDemoData } from './demo';
import { countUsers, ensureLanguage, ensureRole, insertUser } from './seed.repository';

/**
 * Reference data every installation needs (languages, the Administrator role) and, on an empty
 * database, the first administrator: ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password printed once.
 */
export async function seed(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const { db, config } = deps;
  const english = await ensureLanguage(db, 'English');
  await ensureLanguage(db, 'Afrikaans');
  await seedLanguageTexts(db, featureTextKeys());
  const adminRole = await ensureRole(db, 'Administrator', ['Admin']);

  if ((await countUsers(db)) === 0) {
    const email = config.ADMIN_EMAIL ?? 'admin@sapwood.local';
    const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    await insertUser(db, { name: 'Administrator', email, roleId: adminRole, passwordHash: await hashPassword(password), languageId: english });
    if (!config.ADMIN_PASSWORD) {
      const line = '='.repeat(64);
      process.stdout.write(`\n${line}\nFirst administrator created.\n  email:    ${email}\n  password: ${password}\nThis password is shown once; change it after signing in.\n${line}\n\n`);
    } else {
      log.info({ email }, 'first administrator created from ADMIN_EMAIL');
    }
    if (config.SEED_DEMO) await seedDemoData(deps, log);
  }
}
