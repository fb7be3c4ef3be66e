import { farmersSubmissionResultEndpoints, submissionResultEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { attachmentDisposition } from '../../platform/storage/document-types';
import { exportResults } from './submission-export';
import { SubmissionFilesService } from './submission-files.service';

/** The documents of a submission (list, upload, delete, download) and the results export, of both kinds (issue 14; ADR 0089). */
export function registerSubmissionFiles(registrar: Registrar, deps: FeatureContext): void {
  const files = new SubmissionFilesService(deps.db, deps.storage);
  for (const [kind, ep] of [['leaf', submissionResultEndpoints], ['soil', farmersSubmissionResultEndpoints]] as const) {
    const { getDocs, uploadFiles, deleteFiles, downloadDocument, exportResults: exportEndpoint } = ep;
    registrar.feature({ getDocs, uploadFiles, deleteFiles, downloadDocument, exportResults: exportEndpoint }, {
      getDocs: (input) => files.list(kind, input.id),
      uploadFiles: (input, ctx) => files.upload(kind, input.submissionId, input.files, ctx.user.id),
      deleteFiles: (input, ctx) => files.remove(kind, input.submissionId, input.fileIds, ctx.user.id),
      async downloadDocument(input, ctx) {
        const doc = await files.download(kind, input.submissionId, input.fileId);
        return ctx.reply
          .type(doc.contentType)
          .header('content-length', doc.size)
          .header('content-disposition', attachmentDisposition(doc.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(doc.stream);
      },
      exportResults: (input, ctx) => exportResults(deps.db, kind, input, ctx.reply),
    });
  }
}
