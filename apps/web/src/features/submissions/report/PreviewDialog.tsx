import { Alert, Box, Button, Grid, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileTypePdf } from '@tabler/icons-react';
import { LEAF_REPORT_MESSAGES as M, type LeafReportRequest, type PreviewPage, REPORT_TEXT_MAX, apiFeatures } from '@sapwood/contracts';
import { type KeyboardEvent, useEffect, useReducer, useState } from 'react';
import { AppDialog } from '../../../components/ui/AppDialog';
import { useGuardedClose } from '../../../components/ui/unsaved';
import { ApiError, endpointUrl } from '../../../lib/api';
import { notify, snack } from '../../../lib/notify';
import { useEndpointCall, useEndpointMutation } from '../../../lib/query';
import { reportError } from '../../../lib/reportError';
import {
  PAGE_LABELS, type PageTexts, type PreviewAction, type PreviewState, TEXT_DEBOUNCE_MS, arrowStep, initialPreview, pageImageUrl, pageKey, pdfLeafIds, previewReducer, textsOf, unsavedPages,
} from './preview';
import { withVersions } from './settings';

const api = apiFeatures.leafReport;

/** The URL an image shows: another page's at once, a page's typed texts once typing has stopped for `ms`. */
function useSettledUrl(key: string, url: string, ms = TEXT_DEBOUNCE_MS): string {
  const [shown, setShown] = useState({ key, url });
  useEffect(() => {
    if (shown.key === key && shown.url === url) return;
    const t = setTimeout(() => setShown({ key, url }), shown.key === key ? ms : 0);
    return () => clearTimeout(t);
  }, [key, url, ms, shown]);
  return shown.key === key ? shown.url : url;
}

/** The page image as it loads: 'Could not load image' when it fails. */
function PageImage({ url, alt }: { url: string; alt: string }) {
  const [state, setState] = useState<{ url: string; failed: boolean } | null>(null);
  const failed = state?.url === url && state.failed;
  const loading = state?.url !== url;
  return (
    <Box pos="relative" data-testid="preview-image-box" data-loading={loading}>
      <img
        src={url} alt={alt} data-testid="preview-image"
        style={{ display: failed ? 'none' : 'block', maxWidth: '100%', border: '1px solid var(--mantine-color-gray-3)', opacity: loading ? 0.6 : 1 }}
        onLoad={() => setState({ url, failed: false })}
        onError={() => setState({ url, failed: true })}
      />
      {failed && <Alert color="red" p="xs" data-testid="preview-image-error">{M.imageFailed}</Alert>}
    </Box>
  );
}

export interface PreviewDialogProps {
  /** the pages updatereportdata answered */
  pages: PreviewPage[];
  /** the reports the pages were made from, with their settings' saved versions (sent again to reload the pages' saved texts) */
  request: LeafReportRequest[];
  onClose: () => void;
}

/**
 * The leaf report's preview (spec part 2 §2 Report builder, §4): 'Page N of M', the page image drawn on the server
 * with the texts typed (again 400 ms after typing stops), 'Wat sê jou plant?' and 'Aanbeveling', Previous, Close,
 * Save, Next and Download PDF; the left and right arrow keys page (not inside a text, where they move the caret).
 * Texts typed on a page are kept while paging; Save saves every page typed on, Download PDF saves them first and
 * then opens the PDF's progress in a new tab. A page saved by someone else meanwhile says so and offers Reload.
 * Closing with unsaved texts asks first.
 */
export function PreviewDialog({ pages, request, onClose }: PreviewDialogProps) {
  const [state, dispatch] = useReducer(previewReducer, pages, initialPreview);
  const page = state.pages[state.index];
  const texts = textsOf(state);
  const unsaved = unsavedPages(state);
  const imageUrl = useSettledUrl(pageKey(page), pageImageUrl(page, texts));
  const close = useGuardedClose(unsaved.length > 0, onClose);

  const { busy, conflict, setConflict, save, download } = usePreviewSaves(state, dispatch);
  // each Reload saves the settings again: the next one carries the versions it saved at
  const [sent, setSent] = useState(request);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = arrowStep(e, e.target as HTMLElement);
    if (!by) return;
    e.preventDefault();
    dispatch({ type: 'step', by });
  };
  const type = (field: keyof PageTexts) => (e: React.ChangeEvent<HTMLTextAreaElement>) => dispatch({ type: 'type', field, value: e.currentTarget.value });
  const last = state.pages.length - 1;
  return (
    <AppDialog
      opened
      onClose={onClose}
      dirty={unsaved.length > 0}
      title="Report preview"
      size={1180}
      onKeyDown={onKeyDown}
      data-testid="report-preview"
      actions={
        <>
          <Button variant="default" leftSection={<IconChevronLeft size={14} />} disabled={state.index === 0} onClick={() => dispatch({ type: 'step', by: -1 })} data-testid="preview-previous">Previous</Button>
          <Button variant="default" onClick={() => void close()} data-testid="preview-close">Close</Button>
          <Button variant="light" disabled={unsaved.length === 0} loading={busy} onClick={() => void save()} data-testid="preview-save">Save</Button>
          <Button variant="default" rightSection={<IconChevronRight size={14} />} disabled={state.index === last} onClick={() => dispatch({ type: 'step', by: 1 })} data-testid="preview-next" data-autofocus>Next</Button>
          <Button leftSection={<IconFileTypePdf size={14} />} loading={busy} onClick={() => void download()} data-testid="preview-download">Download PDF</Button>
        </>
      }
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Text size="sm" fw={600} data-testid="preview-page">Page {state.index + 1} of {state.pages.length}</Text>
        <Text size="sm" c="dimmed" data-testid="preview-sample">Submission {page.submissionId} · Sample {page.sample}</Text>
        <Text size="xs" c={unsaved.length ? 'orange' : 'dimmed'} data-testid="preview-unsaved">{unsaved.length ? `${unsaved.length} unsaved` : 'All saved'}</Text>
      </Group>
      {conflict && <ConflictAlert conflict={conflict} sent={sent} onSent={setSent} onConflict={setConflict} dispatch={dispatch} />}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PageImage url={imageUrl} alt={`Page ${state.index + 1}: sample ${page.sample}`} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Textarea label={PAGE_LABELS.plantSay} value={texts.plantSay} onChange={type('plantSay')} autosize minRows={5} maxRows={14} maxLength={REPORT_TEXT_MAX} data-testid="preview-plant-say" />
            <Textarea label={PAGE_LABELS.recommendation} value={texts.recommendation} onChange={type('recommendation')} autosize minRows={5} maxRows={14} maxLength={REPORT_TEXT_MAX} data-testid="preview-recommendation" />
          </Stack>
        </Grid.Col>
      </Grid>
    </AppDialog>
  );
}

type Conflict = { key: string; message: string };

/**
 * Save and Download PDF: every page typed on saved, the one shown first, one run at a time; a 409 shows that
 * page with the conflict.
 */
function usePreviewSaves(state: PreviewState, dispatch: (a: PreviewAction) => void) {
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const savePage = useEndpointCall(api.savePage);
  const unsaved = unsavedPages(state);

  /** Saves every page typed on, the one shown first; stops at the first refusal (a 409 shows that page). */
  const saveTyped = async (): Promise<boolean> => {
    const order = [...unsaved].sort((a, b) => (a === state.index ? -1 : b === state.index ? 1 : a - b));
    for (const i of order) {
      const p = state.pages[i];
      const typed: PageTexts = textsOf(state, i);
      try {
        const { rowVersion } = await savePage({ submissionId: p.submissionId, sampleId: p.sampleId, ...typed, rowVersion: p.rowVersion });
        dispatch({ type: 'saved', key: pageKey(p), texts: typed, rowVersion });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          setConflict({ key: pageKey(p), message: err.message });
          dispatch({ type: 'go', to: i });
        } else reportError(err);
        return false;
      }
    }
    return true;
  };
  const run = async (then: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      if (await saveTyped()) then();
    } finally {
      setBusy(false);
    }
  };
  const save = () => run(() => notify.success(snack.updated(unsaved.length === 1 ? 'Page' : `${unsaved.length} pages`)));
  const download = () => run(() => {
    window.open(endpointUrl(apiFeatures.leafPdf.questPdf, { leafIds: pdfLeafIds(state.pages) }), '_blank');
    notify.info('Starting download');
  });
  return { busy, conflict, setConflict, save, download };
}

/** A page saved by someone else meanwhile: their words, and Reload (the pages' saved texts and versions again). */
function ConflictAlert({ conflict, sent, onSent: setSent, onConflict: setConflict, dispatch }: {
  conflict: Conflict; sent: LeafReportRequest[]; onSent: (r: LeafReportRequest[]) => void; onConflict: (c: Conflict | null) => void; dispatch: (a: PreviewAction) => void;
}) {
  // the same settings sent again; nothing else shows them
  const reload = useEndpointMutation(api.updateReportData, { invalidates: [], overlay: true, onError: false });
  return (
    <Alert color="red" p="xs" mb="xs" data-testid="preview-conflict">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{conflict.message}</Text>
        <Button size="compact-sm" variant="white" color="red" loading={reload.isPending} onClick={() => reload.mutate(sent, {
          onSuccess: ({ pages: fresh, versions }) => {
            setSent(withVersions(sent, versions));
            if (fresh.length) dispatch({ type: 'reloaded', pages: fresh, drop: conflict.key });
            setConflict(null);
          },
          // the settings themselves changed meanwhile: their words stay in the alert
          onError: (err) => (err instanceof ApiError && err.status === 409 ? setConflict({ key: conflict.key, message: err.message }) : reportError(err)),
        })} data-testid="preview-reload">Reload</Button>
      </Group>
    </Alert>
  );
}
