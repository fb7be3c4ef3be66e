import { farmersReportEndpoints, leafReportEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { LeafReportService } from './leaf-report.service';

export function registerLeafReport(registrar: Registrar, ctx: FeatureContext): void {
  const reports = new LeafReportService(ctx.db);
  registrar.feature(leafReportEndpoints, {
    preReport: (input) => reports.preReport(input.ids),
    updateReportData: (input, c) => reports.updateReportData(input, c.user.id),
    savePage: (input, c) => reports.savePage(input, c.user.id),
    async questImage(input, c) {
      const png = await reports.pageImage(input);
      return c.reply.type('image/png').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(png);
    },
  });
  registrar.feature(farmersReportEndpoints, {
    preReport: (input) => reports.farmersPreReport(input.ids),
    updateReportData: (input, c) => reports.farmersUpdateReportData(input, c.user.id),
  });
}
