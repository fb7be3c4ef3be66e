import type { z } from 'zod';
import { type CaptureExcelQuery, resultHeader, resultValuesOf } from '@sapwood/contracts';
import type { FastifyReply } from 'fastify';
import { type XlsxColumn, naCell, streamXlsx } from '../../platform/excel/xlsx-stream';
import { matchWhere } from '../../db/keyset';
import type { CaptureList } from './captures-list.repository';

/** A bulk row of a capture list (db/keyset: timestamps as Dates). */
interface Row {
  lab: string;
  sampleNumber: string;
  crop?: string | null;
  clientName: string;
  farmName: string;
  blockNumber: string;
  agent: string;
  agronomist: string;
  inserted: Date;
  appAdded: Date | null;
  /** the Results tab's rows */
  labName?: string;
  labNumber?: string;
  na?: boolean;
  result?: { name: string; lab_result: number; flag?: string }[];
}
const CHUNK = 2000;
const DATETIME = 'dd/mm/yyyy hh:mm';

const columns = (kind: 'leaf' | 'soil'): XlsxColumn<Row>[] => [
  { header: 'Lab', value: (r) => r.lab },
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  ...(kind === 'leaf' ? [{ header: 'Crop', value: (r: Row) => r.crop }] : []),
  { header: 'Client', width: 24, value: (r) => r.clientName },
  { header: 'Farm', width: 20, value: (r) => r.farmName },
  { header: 'Block', value: (r) => r.blockNumber },
  { header: 'Agent', value: (r) => r.agent },
  { header: 'Agronomist', value: (r) => r.agronomist },
  { header: 'Date Synced', numFmt: DATETIME, value: (r) => r.inserted },
  { header: 'Date Captured', numFmt: DATETIME, value: (r) => r.appAdded },
];

/** The flags of an outside lab's out-of-bound values, as the Lab Result's CSV words them: 'K: Impossible: must be at most 100 %; Zn: …'. */
const flagsOf = (kind: 'leaf' | 'soil', r: Row) => resultValuesOf(kind)
  .flatMap((v) => {
    const flag = r.result?.find((x) => x.name === v.code)?.flag;
    return flag ? [`${v.label}: ${flag}`] : [];
  }).join('; ');

/**
 * The Results tab's columns after the record's: the lab, its number, N/A and every value of the kind with its
 * unit, then Flags: what is wrong with any of an outside lab's values out of its bounds (issue 31).
 */
const resultColumns = (kind: 'leaf' | 'soil'): XlsxColumn<Row>[] => [
  { header: 'Lab Name', value: (r) => r.labName },
  { header: 'Lab Number', value: (r) => r.labNumber },
  { header: 'N/A', value: (r) => naCell(r.na) },
  ...resultValuesOf(kind).map((v): XlsxColumn<Row> => ({ header: resultHeader(v), value: (r) => r.result?.find((x) => x.name === v.code)?.lab_result ?? null })),
  { header: 'Flags', width: 40, value: (r) => flagsOf(kind, r) },
];

/** A capture list (its state, its search, its order) as an .xlsx file, streamed in keyset chunks (the next read while one is written). */
export function capturesExcel(list: CaptureList, kind: 'leaf' | 'soil', q: Omit<z.output<typeof CaptureExcelQuery>, 'status'> & { status: z.output<typeof CaptureExcelQuery>['status'] | 'Results' }, reply: FastifyReply) {
  const name = `${kind === 'leaf' ? 'leafs' : 'farmers-samples'}-${q.status.toLowerCase()}.xlsx`;
  const results = q.status === 'Results';
  const where = matchWhere(list.decl, { search: q.search });
  const order = list.order(q.sortBy, q.ascending);
  return streamXlsx(reply, name, async (book) => {
    const sheet = book.sheet(kind === 'leaf' ? 'Leafs' : 'Farmers samples', results ? [...columns(kind), ...resultColumns(kind)] : columns(kind));
    const fetch = (after: { id: number; k: string } | null) => list.chunkAfter(where, order, after, CHUNK);
    let current = await fetch(null);
    while (current.length) {
      const last = current[current.length - 1];
      const next = current.length < CHUNK ? Promise.resolve([]) : fetch({ id: last.id as number, k: last._k });
      next.catch(() => undefined); // awaited below; a failure surfaces there
      for (const r of current) sheet.addRow(r as unknown as Row);
      await sheet.drained();
      current = await next;
    }
    await sheet.commit();
  });
}
