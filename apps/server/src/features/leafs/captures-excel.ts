import type { z } from 'zod';
import type { CaptureExcelQuery } from '@sapwood/contracts';
import type { FastifyReply } from 'fastify';
import { type XlsxColumn, streamXlsx } from '../../platform/excel/xlsx-stream';
import type { CapturesRepository } from './captures.repository';

type Row = Awaited<ReturnType<CapturesRepository['chunk']>>[number];
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

/** A capture list (its state, its search) as an .xlsx file, streamed in chunks read by id (newest first). */
export function capturesExcel(repo: CapturesRepository, kind: 'leaf' | 'soil', q: z.output<typeof CaptureExcelQuery>, reply: FastifyReply) {
  const name = `${kind === 'leaf' ? 'leafs' : 'farmers-samples'}-${q.status.toLowerCase()}.xlsx`;
  return streamXlsx(reply, name, async (book) => {
    const sheet = book.sheet(kind === 'leaf' ? 'Leafs' : 'Farmers samples', columns(kind));
    for (let before: number | null = null; ;) {
      const rows = await repo.chunk(kind, q.status, q.search, before, CHUNK);
      for (const r of rows) sheet.addRow(r);
      await sheet.drained();
      if (rows.length < CHUNK) break;
      before = rows[rows.length - 1].id;
    }
    await sheet.commit();
  });
}
