import type { z } from 'zod';
import { type ExportResultsQuery, resultHeader, resultValuesOf } from '@sapwood/contracts';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { type XlsxColumn, naCell, streamXlsx } from '../../platform/excel/xlsx-stream';
import { type ExportKey, type ExportRow, SubmissionExportRepository } from './submission-export.repository';

type Kind = 'leaf' | 'soil';
type Query = z.output<typeof ExportResultsQuery>;

/** Samples read per query while the workbook streams. */
export const EXPORT_CHUNK = 2000;

/** One row per sample: its submission, client, farm, sample and lab numbers, N/A, then every value of the kind with its unit. */
const columns = (kind: Kind): XlsxColumn<ExportRow>[] => [
  { header: 'Submission Id', value: (r) => r.submissionId },
  { header: 'Client', width: 24, value: (r) => r.clientName },
  { header: 'Farm', width: 20, value: (r) => r.farmName },
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  { header: 'Lab Number', value: (r) => r.labNumber },
  { header: 'N/A', value: (r) => naCell(r.na) },
  ...resultValuesOf(kind).map((v): XlsxColumn<ExportRow> => ({ header: resultHeader(v), width: 10, value: (r) => r.values?.[v.code] ?? null })),
];

/**
 * The results of a kind's submissions in a state as an .xlsx workbook (GET /api/submission/exportresultsleaf and
 * exportresultsfarmersample; ADR 0089): of the chosen ones (`ids`; a chosen submission of another kind or no
 * longer in that state is left out, as the tab no longer shows it) or of every one in the state. Streamed: the
 * samples are read in chunks in (submission, group, position) order, the next chunk read while one is written.
 */
export function exportResults(db: Db, kind: Kind, q: Query, reply: FastifyReply): Promise<FastifyReply> {
  const repo = new SubmissionExportRepository();
  const filter = { kind, state: q.state, ids: q.ids };
  const fileName = `${kind === 'leaf' ? 'leaf' : 'farmers-sample'}-results-${q.state.toLowerCase()}.xlsx`;
  return streamXlsx(reply, fileName, async (book) => {
    const sheet = book.sheet(kind === 'leaf' ? 'Leaf results' : 'Farmers sample results', columns(kind));
    const read = (after: ExportKey | null) => repo.chunk(db, filter, after, EXPORT_CHUNK);
    let rows = await read(null);
    while (rows.length > 0) {
      const next = rows.length < EXPORT_CHUNK ? Promise.resolve([]) : read(rows[rows.length - 1]);
      next.catch(() => undefined); // awaited below; a failure surfaces there
      for (const r of rows) sheet.addRow(r);
      await sheet.drained();
      rows = await next;
    }
    await sheet.commit();
  });
}
