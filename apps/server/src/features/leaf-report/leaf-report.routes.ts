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
  /** A kind's PDF calls: ask (the link answers the progress page, startreport the id), status and the stored file. */
  const pdfHandlers = (kind: 'leaf' | 'soil', ask: (ids: number[], userId: number) => Promise<number>) => ({
    async questPdf(ids: number[], reply: FastifyReply, userId: number) {
      return reply.redirect(reportProgressPath(kind, await ask(ids, userId)), 303);
    },
    start: async (ids: number[], userId: number) => ({ id: await ask(ids, userId) }),
    status: (id: number) => pdfs.status(kind, id),
    file: async (id: number, reply: FastifyReply) => sendPdf(reply, await pdfs.file(kind, id)),
  });
  const leaf = pdfHandlers('leaf', (ids, userId) => pdfs.requestLeaf(ids, userId));
  registrar.feature(leafPdfEndpoints, {
    questPdf: (input, c) => leaf.questPdf(input.leafIds, c.reply, c.user.id),
    startReport: (input, c) => leaf.start(input.leafIds, c.user.id),
    reportStatus: (input) => leaf.status(input.id),
    reportFile: (input, c) => leaf.file(input.id, c.reply),
  });
  const farmers = pdfHandlers('soil', (ids, userId) => pdfs.requestFarmers(ids, userId));
  registrar.feature(farmersPdfEndpoints, {
    questPdf: (input, c) => farmers.questPdf(input.submissionIds, c.reply, c.user.id),
    startReport: (input, c) => farmers.start(input.submissionIds, c.user.id),
    reportStatus: (input) => farmers.status(input.id),
    reportFile: (input, c) => farmers.file(input.id, c.reply),
  });
}
