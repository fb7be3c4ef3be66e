/**
 * npm run bench:reports — a carbohydrate report of 50 location groups with 10 samples each, with and
 * without Low Image Quality: time from request to finished file, peak memory growth of the process
 * while it is made, and the file sizes. Target: under 10 s and under 300 MB growth for 50 groups.
 */
import sharp from 'sharp';
import { carbohydrateReportEndpoints as ep } from '@sapwood/contracts';
import { createStorage } from '../apps/server/src/platform/storage/storage';
import { controlsOptional, seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { ADMIN, startTestServer } from '../tests/support/server';
import { signedIn } from '../tests/support/users';
import { withPeakMemory } from './peak-memory';

const GROUPS = 50;
const PER_GROUP = 10;

const server = await startTestServer(process.env.TEST_DATABASE_URL ? {} : {});
const db = server.built.deps.db;
const admin = await signedIn(server.url, ADMIN);
const ref = await seedCarbohydrateReference(db);
await controlsOptional(db);
const selection: string[] = [];
for (let g = 0; g < GROUPS; g += 1) {
  const job = await seedLabJob(db, ref, {
    samples: Array.from({ length: PER_GROUP }, (_, i) => ({
      sampleNumber: `B${g}-${i + 1}`, entity: `Client ${g}`, farm: `Farm ${g}`, block: `B${i}`,
      sugar: 2 + ((g + i) % 9) * 0.7, starch: 6 + ((g * 3 + i) % 11) * 1.2, stage: i % 3,
    })),
  });
  for (const e of job.entries) selection.push(`Farm ${g},${e.id}`);
}
const noise = Buffer.alloc(800 * 400 * 3);
for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
await createStorage(server.built.deps.config).put('distributors/logo-x.png', await sharp(noise, { raw: { width: 800, height: 400, channels: 3 } }).png().toBuffer());
const address = await db.insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021 555 0101', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).returning('id').executeTakeFirstOrThrow();
const distributor = await db.insertInto('distributors').values({ name: 'AgriCo', image_path: 'logo', image_hash: 'x' }).returning('id').executeTakeFirstOrThrow();

async function run(lowImageQuality: boolean) {
  const made = await withPeakMemory(async () => {
    const start = await admin.call(ep.startReport, {
      result: selection.join(';'), langId: 1, client: 'Bench Client', farm: 'Bench Farm', agriculturist: 'Dr Nel', agent: 'Agent Smith',
      distributor: distributor.id, addressId: address.id, lowImageQuality, includeSummary: true,
    });
    if (start.status !== 200) throw new Error(JSON.stringify(start.body));
    for (;;) {
      const s = await admin.call(ep.reportStatus, { id: start.body.id });
      if (s.body.status === 'done') return start.body.id as number;
      if (s.body.status === 'failed') throw new Error(s.body.error);
      await new Promise((r) => setTimeout(r, 25));
    }
  });
  const file = await fetch(`${server.url}${ep.reportFile.path}?id=${made.value}`, { headers: { cookie: admin.cookie } });
  const size = (await file.arrayBuffer()).byteLength;
  return { lowImageQuality, seconds: made.seconds.toFixed(2), peakGrowthMB: made.peakMB.toFixed(0), fileKB: (size / 1024).toFixed(0) };
}

const results = [await run(false), await run(true)];
console.log(`\nCarbohydrate report, ${GROUPS} groups × ${PER_GROUP} samples (+ summary), database: ${server.built.deps.dbKind}`);
console.table(results);
console.log('Targets: under 10 s and under 300 MB memory growth for 50 groups.');
await server.close();
process.exit(0);
