import { type EndpointDef, type InputOf, LEAF_REPORT_MESSAGES, type LeafReportRequest, type OutputOf, type PreviewPage, apiFeatures } from '@sapwood/contracts';
import { useEffect, useMemo, useState } from 'react';
import { endpointUrl } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';
import { reportError } from '../../../lib/reportError';
import type { SubmissionKind } from '../kind';
import { PreviewDialog } from './PreviewDialog';
import { ReportSettingsDialog } from './ReportSettingsDialog';
import { farmersSettings, leafSettings, submissionIdsText } from './settings';

export interface ReportFlowProps {
  kind: SubmissionKind;
  /** one submission (a row's report), or several combined (Combine Reports) */
  ids: number[];
  onClose: () => void;
}

/**
 * A report of one or more submissions (spec part 2 §4 report flow): the Report Settings, then for leaf the
 * preview and its PDF, for farmers the PDF at once (the report downloaded from a submission-ids link).
 */
export function ReportFlow({ kind, ids, onClose }: ReportFlowProps) {
  return kind === 'leaf' ? <LeafReport ids={ids} onClose={onClose} /> : <FarmersReport ids={ids} onClose={onClose} />;
}

/**
 * The prereport of the submissions, loaded once per opening (the overlay shows while it loads; a failure is told
 * and nothing opens). Not kept after the report closes: the next opening shows the settings saved meanwhile.
 */
function usePreReport<E extends EndpointDef>(ep: E, ids: number[], onClose: () => void): OutputOf<E> | undefined {
  const pre = useEndpointQuery(ep, { ids } as InputOf<E>, { overlay: true, retry: false, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false });
  useEffect(() => {
    if (!pre.isError) return;
    reportError(pre.error);
    onClose();
  }, [pre.isError, pre.error, onClose]);
  return pre.data;
}

function LeafReport({ ids, onClose }: Omit<ReportFlowProps, 'kind'>) {
  const api = apiFeatures.leafReport;
  const pre = usePreReport(api.preReport, ids, onClose);
  const settings = useMemo(() => (pre ? leafSettings(pre) : undefined), [pre]);
  // the settings are saved; the next opening loads them afresh
  const update = useEndpointMutation(api.updateReportData, { invalidates: [], onError: false });
  const [preview, setPreview] = useState<{ pages: PreviewPage[]; request: LeafReportRequest[] } | null>(null);
  if (preview) return <PreviewDialog pages={preview.pages} request={preview.request} onClose={onClose} />;
  if (!settings) return null;
  return (
    <ReportSettingsDialog
      kind="leaf"
      settings={settings}
      send={async (reports) => {
        const { pages, versions } = await update.mutateAsync(reports as LeafReportRequest[]);
        if (pages.length > 0) return { versions, result: pages };
        // every chosen sample left out (N/A ones excluded): no page to show
        notify.error(LEAF_REPORT_MESSAGES.noneMatched);
        return { versions, result: false };
      }}
      success="Report settings saved"
      onSent={(pages, reports) => setPreview({ pages, request: reports as LeafReportRequest[] })}
      onClose={onClose}
    />
  );
}

function FarmersReport({ ids, onClose }: Omit<ReportFlowProps, 'kind'>) {
  const api = apiFeatures.farmersReport;
  const pre = usePreReport(api.preReport, ids, onClose);
  const settings = useMemo(() => (pre ? farmersSettings(pre) : undefined), [pre]);
  const update = useEndpointMutation(api.updateReportData, { invalidates: [], onError: false });
  if (!settings) return null;
  return (
    <ReportSettingsDialog
      kind="soil"
      settings={settings}
      send={async (reports) => {
        const saved = await update.mutateAsync(reports as Parameters<typeof update.mutateAsync>[0]);
        return { versions: saved, result: saved };
      }}
      success="Starting download"
      onSent={() => {
        // the report's PDF: its progress page opens in a new tab and downloads it
        window.open(endpointUrl(apiFeatures.farmersPdf.questPdf, { submissionIds: submissionIdsText(settings.views.map((v) => v.submissionId)) }), '_blank');
        onClose();
      }}
      onClose={onClose}
    />
  );
}
