import { carbohydrateReportEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { ReportService } from './report.service';

export function registerCarbohydrateReport(registrar: Registrar, ctx: FeatureContext): void {
  const reports = new ReportService(ctx.db, ctx.jobs, ctx.storage, ctx.mfw, ctx.log);
  registrar.feature(carbohydrateReportEndpoints, {
    getLabResult: (input) => reports.labResult(input.id),
    selectionClients: (input) => reports.selectionClients(input.result),
    reportOptions: () => reports.options(),
    async blockReport(input, ctx) {
      const id = await reports.request(input, ctx.user.id);
      return ctx.reply.redirect(`/reports/carbohydrate/${id}`, 303);
    },
    startReport: async (input, ctx) => ({ id: await reports.request(input, ctx.user.id) }),
    reportStatus: (input) => reports.status(input.id),
    async reportFile(input, ctx) {
      const { fileName, data } = await reports.file(input.id);
      return ctx.reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, max-age=0')
        .send(data);
    },
    postToMfw: (input, ctx) => reports.postToMfw(input, ctx.user.id),
  });
}
