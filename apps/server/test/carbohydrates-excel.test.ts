import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carbohydratesEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference, seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** The four Excel downloads, read back with exceljs's reader. */
let server: TestServer;
let staff: ApiClient;
let ids: Record<string, number>;
let cropId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  const ref = await seedCarbohydrateReference(db);
  const a = await seedLabJob(db, ref, {
    samples: [
      { sampleNumber: 'X1', entity: '=HYPERLINK("http://evil","x")', farm: '+Farm', block: '-3', sugar: 5.5, starch: 11.25 },
      { sampleNumber: 'X2', entity: '=HYPERLINK("http://evil","x")', farm: '+Farm', block: '@sum', sugar: 6, starch: 12 },
      { sampleNumber: 'X3' },
    ],
  });
  const b = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'Y1', entity: 'Orchard Co', farm: 'East', sugar: 3, starch: 7 }] });
  const bulk = Array.from({ length: 2100 }, (_, i) => ({ sampleNumber: `K${String(i + 1).padStart(4, '0')}`, entity: 'Bulk Co', sugar: i / 100 }));
  await seedLabJob(db, await seedCarbohydrateReference(db, ' bulk'), { samples: bulk });
  cropId = String(ref.crop.id);
  ids = Object.fromEntries([...a.entries, ...b.entries].map((e) => [e.sample_number, e.id]));
  staff = await signedIn(server.url, await createUser(db, ['CarbohydrateEntries']));
});
afterAll(() => server?.close());

async function download(path: string, query: Record<string, string | string[]> = {}) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of [v].flat()) qs.append(k, x);
  const res = await fetch(`${server.url}${path}?${qs}`, { headers: { cookie: staff.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book;
}

function table(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('Excel downloads', () => {
  it('pagedexcel: the filtered list on one sheet, user text that looks like a formula kept as text', async () => {
    const book = await download(ep.pagedexcel.path, { sortBy: 'sampleNumber', ascending: 'true', cropId });
    const ws = book.worksheets[0];
    const rows = table(ws);
    expect(rows[0].slice(0, 3)).toEqual(['Sample Number', 'Entity', 'Farm']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['X1', 'X2', 'Y1']);
    const x1 = ws.getRow(2);
    for (const col of [2, 3, 9]) {
      expect(x1.getCell(col).type).toBe(ExcelJS.ValueType.String);
      expect(x1.getCell(col).formula).toBeUndefined();
    }
    expect(x1.getCell(2).value).toBe('=HYPERLINK("http://evil","x")');
    expect(x1.getCell(3).value).toBe('+Farm');
    expect(x1.getCell(9).value).toBe('-3');
    expect(ws.getRow(3).getCell(9).value).toBe('@sum');
    expect(x1.getCell(12).value).toBe(5.5);
    expect(x1.getCell(12).numFmt).toBe('0.00');
    // names and dates as the results list shows them
    const listed = (await staff.call(ep.paged, { search: 'X1' })).body.rows[0];
    expect((ws.getRow(2).values as unknown[]).slice(6, 12)).toEqual([
      listed.crop, listed.cultivar, listed.regionName ?? undefined, listed.fieldBlockNumber,
      listed.linkedTissueName ? `${listed.cropGrowth} (${listed.linkedTissueName})` : listed.cropGrowth, listed.tissue,
    ]);
    for (const [col, at] of [[15, listed.sampleDate], [16, listed.createdOn], [17, listed.completedOn]] as const) {
      const cell = x1.getCell(col).value as Date;
      expect(cell).toBeInstanceOf(Date);
      expect(Math.abs(cell.getTime() - new Date(at).getTime())).toBeLessThan(5);
    }
    const filtered = await download(ep.pagedexcel.path, { client: 'orchard' });
    expect(table(filtered.worksheets[0]).slice(1).map((r) => r[0])).toEqual(['Y1']);
  });

  it('reads past the 2,000-row chunks without losing or repeating a row', async () => {
    const book = await download(ep.pagedexcel.path, { client: 'bulk', sortBy: 'sampleNumber', ascending: 'false' });
    const numbers = table(book.worksheets[0]).slice(1).map((r) => r[0]);
    expect(numbers).toHaveLength(2100);
    expect(numbers[0]).toBe('K2100');
    expect(numbers[2099]).toBe('K0001');
    expect(new Set(numbers).size).toBe(2100);
  });

  it('pagedexcelgroupedlocation: one sheet, rows by location group named by client, farm and job', async () => {
    const book = await download(ep.pagedexcelgroupedlocation.path, { cropId });
    expect(book.worksheets).toHaveLength(1);
    const rows = table(book.worksheets[0]);
    expect(rows[0][0]).toBe('Group');
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Y1', 'X1', 'X2']);
    expect(rows[2][0]).toBe(rows[3][0]);
    expect(rows[1][0]).not.toBe(rows[2][0]);
    expect(rows[1][0]).toMatch(/^Orchard Co · East · J\d+$/);
    expect(String(rows[2][0])).toMatch(/· \+Farm · J\d+$/);
  });

  it('pagedexcelgroupedlocationfile: one sheet per location group, named by entity and farm', async () => {
    const book = await download(ep.pagedexcelgroupedlocationfile.path, { cropId });
    expect(book.worksheets.map((w) => w.name)).toEqual(['Orchard Co - East', '=HYPERLINK("http evil","x") - +']);
    expect(table(book.worksheets[1]).slice(1).map((r) => r[0])).toEqual(['X1', 'X2']);
    const none = await download(ep.pagedexcelgroupedlocationfile.path, { client: 'nobody' });
    expect(table(none.worksheets[0])).toHaveLength(1);
  });

  it('pagedexcelids: exactly the selected entries', async () => {
    const book = await download(ep.pagedexcelids.path, { ids: [String(ids.Y1), String(ids.X2)] });
    expect(table(book.worksheets[0]).slice(1).map((r) => r[1])).toEqual(['X2', 'Y1']);
    // N/A as every export writes it: 'Yes' on a row marked N/A, an empty cell otherwise (was an empty string)
    const marked = await seedLabJob(server.built.deps.db, await seedCarbohydrateReference(server.built.deps.db, ' na'), { samples: [{ sampleNumber: 'N1', na: true }] });
    const withNa = table((await download(ep.pagedexcelids.path, { ids: [String(ids.X2), String(marked.entries[0].id)] })).worksheets[0]);
    const na = withNa[0].indexOf('N/A');
    expect(withNa.slice(1).map((r) => [r[1], r[na] ?? null])).toEqual([['X2', null], ['N1', 'Yes']]);
    const none = await fetch(`${server.url}${ep.pagedexcelids.path}`, { headers: { cookie: staff.cookie } });
    expect(none.status).toBe(400);
    const bad = await fetch(`${server.url}${ep.pagedexcelids.path}?ids=abc`, { headers: { cookie: staff.cookie } });
    expect(bad.status).toBe(400);
  });
});
