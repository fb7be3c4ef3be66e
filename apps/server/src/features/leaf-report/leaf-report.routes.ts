import { farmersPdfEndpoints, farmersReportEndpoints, leafPdfEndpoints, leafReportEndpoints, reportProgressPath } from '@sapwood/contracts';
import type { FastifyReply } from 'fastify';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { LeafReportService } from './leaf-report.service';
import { SubmissionReportService } from './submission-report.service';

const sendPdf = (reply: FastifyReply, { fileName, data }: { fileName: string; data: Buffer }) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, max-age=0').send(data);

export function registerLeafReport(registrar: Registrar, ctx: FeatureContext): void {
  const reports = new LeafReportService(ctx.db);
  const pdfs = new SubmissionReportService(ctx.db, ctx.jobs, ctx.storage, ctx.log);
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
  registrar.feature(leafPdfEndpoints, {
    async questPdf(input, c) {
      const id = await pdfs.requestLeaf(input.leafIds, c.user.id);
      return c.reply.redirect(reportProgressPath('leaf', id), 303);
    },
    startReport: async (input, c) => ({ id: await pdfs.requestLeaf(input.leafIds, c.user.id) }),
    reportStatus: (input) => pdfs.status('leaf', input.id),
    reportFile: async (input, c) => sendPdf(c.reply, await pdfs.file('leaf', input.id)),
  });
  registrar.feature(farmersPdfEndpoints, {
    async questPdf(input, c) {
      const id = await pdfs.requestFarmers(input.submissionIds, c.user.id);
      return c.reply.redirect(reportProgressPath('soil', id), 303);
    },
    startReport: async (input, c) => ({ id: await pdfs.requestFarmers(input.submissionIds, c.user.id) }),
    reportStatus: (input) => pdfs.status('soil', input.id),
    reportFile: async (input, c) => sendPdf(c.reply, await pdfs.file('soil', input.id)),
  });
}
