import { errorEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { ErrorReportsService } from './errors.service';

/** /api/errors/*: the browser's crash reports (rate limited per address) and the Errors screen's list and detail. */
export function registerErrors(registrar: Registrar, errors: ErrorReportsService): void {
  registrar.feature(errorEndpoints, {
    report: (input, ctx) => errors.report(input, ctx.user?.id ?? null),
    paged: (input) => errors.paged(input),
    get: (input) => errors.get(input.id),
  }, { rateLimited: ['report'] });
}
