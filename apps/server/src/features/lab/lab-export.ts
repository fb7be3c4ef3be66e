import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { naturalSampleCompare } from '@sapwood/contracts';
import { fieldError, notFound } from '../../http/errors';
import { naCell } from '../../platform/excel/xlsx-stream';
import type { LabEntriesRepository } from './lab-entries.repository';
import type { LabJobsRepository } from './lab-jobs.repository';

const COLUMNS = [
  { header: 'Sample Number', key: 'sampleNumber', width: 16 },
  { header: 'Entity', key: 'entity', width: 24 },
  { header: 'Agent', key: 'agent', width: 18 },
  { header: 'Agronomist', key: 'agronomist', width: 18 },
  { header: 'Farm Name', key: 'farmName', width: 22 },
  { header: 'Field Block Number', key: 'fieldBlockNumber', width: 18 },
  { header: 'Sample Date', key: 'sampleDate', width: 14 },
  { header: 'Tissue', key: 'tissue', width: 14 },
  { header: 'Crop', key: 'crop', width: 14 },
  { header: 'Cultivar', key: 'cultivar', width: 14 },
  { header: 'Region', key: 'region', width: 14 },
  { header: 'Growth', key: 'growth', width: 16 },
  { header: 'Sugar', key: 'sugar', width: 10 },
  { header: 'Starch', key: 'starch', width: 10 },
  { header: 'N/A', key: 'na', width: 6 },
];

/**
 * User text as a plain string cell: exceljs writes a string value as a shared string, never a formula,
 * so text starting with =, +, - or @ stays text. The cell is also marked as text (number format '@').
 */
function text(v: string | null): string {
  return v ?? '';
}

/** Writes a completed or exported job's results as an .xlsx download. */
export async function exportJob(reply: FastifyReply, jobs: LabJobsRepository, entries: LabEntriesRepository, db: Parameters<LabJobsRepository['status']>[0], id: number) {
  const job = await jobs.job(db, id);
  if (!job) throw notFound('Job');
  if ((await jobs.status(db, id)) === 'current') throw fieldError('id', `Job J${id} is not completed yet.`);
  const rows = (await entries.exportRows(id)).sort((a, b) => naturalSampleCompare(a.sampleNumber, b.sampleNumber));

  // loaded when first used: it takes a second or more to load, at every start otherwise (ADR 0115)
  const { default: Excel } = await import('exceljs');
  const wb: ExcelJS.Workbook = new Excel.Workbook();
  const ws = wb.addWorksheet(`J${id}`);
  ws.columns = COLUMNS;
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow({
      sampleNumber: text(r.sampleNumber), entity: text(r.entity), agent: text(r.agent), agronomist: text(r.agronomist),
      farmName: text(r.farmName), fieldBlockNumber: text(r.fieldBlockNumber), sampleDate: r.sampleDate,
      tissue: text(r.tissue), crop: text(r.crop), cultivar: text(r.cultivar), region: text(r.region), growth: text(r.growth),
      sugar: r.na ? null : r.sugar, starch: r.na ? null : r.starch, na: naCell(r.na),
    });
    for (let c = 1; c <= 12; c += 1) if (c !== 7) row.getCell(c).numFmt = '@';
    row.getCell(7).numFmt = 'dd/mm/yyyy';
    row.getCell(13).numFmt = '0.00';
    row.getCell(14).numFmt = '0.00';
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="J${id}.xlsx"`)
    .send(buffer);
}
