import { type CarbohydrateFilter, type CarbohydrateResultRow, locationGroupNamer } from '@sapwood/contracts';
import type { FastifyReply } from 'fastify';
import { type XlsxColumn, type XlsxSheet, naCell, streamXlsx } from '../../platform/excel/xlsx-stream';
import { GROUPED_ORDER, type ListOrder, listWhere, resultsOrder } from './results-query.repository';
import type { ResultsRepository } from './results.repository';

type Row = CarbohydrateResultRow;
export type ExcelQuery = CarbohydrateFilter & { search: string; sortBy: string; ascending: boolean };

const CHUNK = 2000;
const DATE = 'dd/mm/yyyy';
const DATETIME = 'dd/mm/yyyy hh:mm';

const growthPhase = (r: Row) => (r.linkedTissueName ? `${r.cropGrowth} (${r.linkedTissueName})` : r.cropGrowth);
const COLUMNS: XlsxColumn<Row>[] = [
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  { header: 'Entity', width: 24, value: (r) => r.entity },
  { header: 'Farm', width: 20, value: (r) => r.farmName },
  { header: 'Agent', value: (r) => r.agent },
  { header: 'Agronomist', value: (r) => r.agriculturist },
  { header: 'Crop', value: (r) => r.crop },
  { header: 'Cultivar', value: (r) => r.cultivar },
  { header: 'Region', value: (r) => r.regionName },
  { header: 'Field Block Number', value: (r) => r.fieldBlockNumber },
  { header: 'Growth Phase (Organ)', width: 24, value: growthPhase },
  { header: 'Organ', value: (r) => r.tissue },
  { header: 'Sugar', numFmt: '0.00', value: (r) => r.sugar },
  { header: 'Starch', numFmt: '0.00', value: (r) => r.starch },
  { header: 'N/A', width: 6, value: (r) => naCell(r.na) },
  { header: 'Field Date', numFmt: DATE, value: (r) => r.sampleDate },
  { header: 'Job Created', numFmt: DATETIME, value: (r) => r.createdOn },
  { header: 'Result date', numFmt: DATETIME, value: (r) => r.completedOn },
];
/** the grouped sheet: the group's name first (client · farm · job, as the screen's group headers say it) */
const groupedColumns = (): XlsxColumn<Row>[] => [{ header: 'Group', width: 36, value: locationGroupNamer() }, ...COLUMNS];

/**
 * The four Excel downloads (ADR 0070): the results list, the same list grouped by location on one
 * sheet, one sheet per location group, and the selected ids. Rows are read in keyset chunks.
 */
export class CarbohydratesExcelService {
  constructor(private readonly results: ResultsRepository) {}

  list(q: ExcelQuery, reply: FastifyReply) {
    return streamXlsx(reply, 'carbohydrate-results.xlsx', async (book) => {
      const sheet = book.sheet('Results', COLUMNS);
      await this.walk(q, resultsOrder(q.sortBy, q.ascending), async (rows) => {
        for (const r of rows) sheet.addRow(r);
        await sheet.drained();
      });
      await sheet.commit();
    });
  }

  groupedOneSheet(q: ExcelQuery, reply: FastifyReply) {
    return streamXlsx(reply, 'carbohydrate-results-by-location.xlsx', async (book) => {
      const sheet = book.sheet('Grouped by location', groupedColumns());
      await this.walk(q, GROUPED_ORDER, async (rows) => {
        for (const r of rows) sheet.addRow(r);
        await sheet.drained();
      });
      await sheet.commit();
    });
  }

  groupedSheetPerGroup(q: ExcelQuery, reply: FastifyReply) {
    return streamXlsx(reply, 'carbohydrate-results-per-location.xlsx', async (book) => {
      let sheet: XlsxSheet<Row> | null = null;
      let group: string | null = null;
      await this.walk(q, GROUPED_ORDER, async (rows) => {
        for (const r of rows) {
          if (r.group !== group) {
            await sheet?.commit();
            group = r.group;
            sheet = book.sheet(`${r.entity} - ${r.farmName}`, COLUMNS);
          }
          sheet?.addRow(r);
        }
        await sheet?.drained();
      });
      await (sheet ?? book.sheet('Results', COLUMNS)).commit();
    });
  }

  selected(ids: number[], reply: FastifyReply) {
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    return streamXlsx(reply, 'carbohydrate-results-selected.xlsx', async (book) => {
      const sheet = book.sheet('Selected', groupedColumns());
      for (let i = 0; i < sorted.length; i += CHUNK) {
        for (const r of await this.results.details(sorted.slice(i, i + CHUNK))) sheet.addRow(r);
        await sheet.drained();
      }
      await sheet.commit();
    });
  }

  /** Reads the list in keyset chunks; the next chunk is fetched while the current one is written. */
  private async walk(q: ExcelQuery, order: ListOrder, write: (rows: Row[]) => Promise<void>): Promise<void> {
    const where = listWhere(q);
    const fetch = (after: { id: number; k: string } | null) => this.results.chunkAfter(where, order, after, CHUNK);
    let current = await fetch(null);
    while (current.length) {
      const last = current[current.length - 1];
      const next = current.length < CHUNK ? Promise.resolve([]) : fetch({ id: last.id, k: last._k });
      next.catch(() => undefined); // awaited below; a failure surfaces there, not as an unhandled rejection
      await write(current);
      current = await next;
    }
  }
}
