import type { ChartRun, JobControl, LotChart } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import { chartPng } from '../leaf-report';
import { leveyJennings } from './qc-chart';
import { renderLotChartPdf } from './qc-chart.pdf';
import { QcControlsRepository } from './qc-controls.repository';
import type { QcLotsRepository } from './qc-lots.repository';

/** The Levey–Jennings chart of a lot: its runs as data, as PNG and as PDF. */
export class QcChartService {
  private readonly controls: QcControlsRepository;

  constructor(private readonly db: Db, private readonly lots: QcLotsRepository) {
    this.controls = new QcControlsRepository(db);
  }

  async chart(lotId: number): Promise<LotChart> {
    const lot = await this.lots.get(this.db, lotId);
    if (!lot) throw notFound('Control material');
    const rows = await this.controls.runs(lotId);
    const runs = rows.map((r): ChartRun => ({
      controlId: r.id, jobId: r.jobId, resultOn: r.resultOn ?? new Date(0), value: r.value!, z: r.z!, outcome: r.outcome ?? 'pass',
      violations: (r.violations ?? []) as JobControl['violations'], released: r.releasedAt !== null,
    }));
    return { lot, runs };
  }

  async png(lotId: number): Promise<Buffer> {
    const { lot, runs } = await this.chart(lotId);
    return chartPng(leveyJennings(lot, runs));
  }

  async pdf(lotId: number): Promise<{ fileName: string; data: Buffer }> {
    const { lot, runs } = await this.chart(lotId);
    const safe = `${lot.lot}-${lot.analyte}`.replace(/[^A-Za-z0-9_-]+/g, '_');
    return { fileName: `levey-jennings-${safe}.pdf`, data: await renderLotChartPdf(lot, runs) };
  }
}
