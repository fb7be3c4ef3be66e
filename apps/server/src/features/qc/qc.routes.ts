import { qcEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { QcChartService } from './qc-chart.service';
import { QcControlsService } from './qc-controls.service';
import { QcLotsService } from './qc-lots.service';

/** /api/qc/*: control materials, the control rows of lab jobs, releases and Levey–Jennings charts. */
export function registerQc(registrar: Registrar, deps: FeatureContext): void {
  const lots = new QcLotsService(deps.db);
  const controls = new QcControlsService(deps.db, lots.repo, deps.services.labJobStatus);
  const charts = new QcChartService(deps.db, lots.repo);
  registrar.feature(qcEndpoints, {
    lots: (input) => lots.paged(input),
    upsertLot: (input, ctx) => lots.upsert(input, ctx.user.id),
    activeLots: () => lots.active(),
    settings: () => lots.settings(),
    updateSettings: (input, ctx) => lots.updateSettings(input.controlsOptional, input.rowVersion, ctx.user.id),
    jobControls: (input) => controls.jobControls(input.jobId),
    setJobControls: (input, ctx) => controls.setControls(input, ctx.user.id),
    saveControlResults: (input, ctx) => controls.saveResults(input, ctx.user.id),
    release: (input, ctx) => controls.release(input.jobId, input.reason, ctx.user.id),
    chart: (input) => charts.chart(input.lotId),
    async chartPng(input, ctx) {
      const png = await charts.png(input.lotId);
      return ctx.reply.type('image/png').header('cache-control', 'private, no-store').send(png);
    },
    async chartPdf(input, ctx) {
      const { fileName, data } = await charts.pdf(input.lotId);
      return ctx.reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, max-age=0').send(data);
    },
  });
}
