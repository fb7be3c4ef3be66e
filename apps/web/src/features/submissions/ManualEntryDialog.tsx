import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { MANUAL_ENTRY_MESSAGES as M, manualColumnsOf } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { createCellRegistry } from '../../components/ui/grid/gridNav';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { useWarnBeforeUnload } from '../../components/ui/unsaved';
import { useAskUnusual } from '../../lib/unusual';
import type { SubmissionKind } from './kind';
import { ManualEntryGrid } from './ManualEntryGrid';
import { ManualEntryStore, type ManualField } from './manualEntry';
import { useManualActions, useManualCsv, useManualSheet, useManualSubmit } from './manualEntryHooks';
import { type ImportPlan, planNote } from './manualImport';
import { useManualSaves } from './manualSaves';
import { UploadFilesDialog } from './UploadFilesDialog';

/**
 * Manual result entry of a Manual (or manual farmer) submission (spec part 2 §2 manual submission entry, §5):
 * a full-screen grid of its samples — Sample Number, Lab Number, the values with their units, N/A — typed like
 * a spreadsheet (Enter and Shift+Enter down and up, Tab right, the arrows at the edge of the text). A row saves
 * itself in the background when the focus leaves it (rows with nothing entered wait), and shows how its save
 * stands. Pasted cells, a CSV (data.csv down, a CSV up), the submission's files, and Save: the unsaved rows and
 * the submission handed over to Results, after asking. Closing with unsaved or refused rows asks first.
 * A value that cannot be is refused at its cell; one outside its usual range is marked and asked once before its
 * row saves (issue 31). A row is never both N/A and holding values: N/A on one with values clears them after
 * asking, and values pasted into an N/A row clear its N/A (the preview says so).
 */
export function ManualEntryDialog({ kind, submissionId, onClose }: { kind: SubmissionKind; submissionId: number; onClose: () => void }) {
  const columns = manualColumnsOf(kind);
  const [store] = useState(() => new ManualEntryStore(kind, columns.map((c) => c.code)));
  const [cells] = useState(() => createCellRegistry<ManualField>());
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [filesOpen, setFilesOpen] = useState(false);
  const { sheet, rowCount, refetchSheet } = useManualSheet(kind, submissionId, store, cells);
  const saves = useManualSaves(kind, submissionId, store, useAskUnusual(), refetchSheet);
  const summary = useSyncExternalStore(store.subscribe, store.summary);
  useWarnBeforeUnload(summary.unsaved + summary.failed + summary.saving > 0);
  const header = useCallback((f: string) => (f === 'labNumber' ? 'Lab Number' : f === 'na' ? 'N/A' : columns.find((c) => c.code === f)?.header ?? f), [columns]);
  const applyPlan = useCallback((p: ImportPlan) => {
    p.patches.forEach((patch, index) => store.apply(index, patch));
    void saves.saveRows([...p.patches.keys()]);
  }, [store, saves]);
  const say = useMemo(() => ({ error: setError, info: setInfo }), []);
  const actions = useManualActions({ kind, store, cells, saves, say, propose: setPlan });
  const csv = useManualCsv(kind, store, applyPlan, say);
  const { close, save, busy } = useManualSubmit({ kind, store, cells, saves, say, header, onClose });

  const data = sheet.data;
  const title = data ? `Manual entry · Submission ${submissionId} · ${data.clientName} (${data.farmName})` : `Manual entry · Submission ${submissionId}`;
  return (
    <AppDialog opened fullScreen tall onClose={() => void close()} title={title} data-testid="manual-entry-dialog"
      actions={
        <>
          <Button variant="default" onClick={() => void close()} data-testid="manual-close">Close</Button>
          <Button onClick={() => void save()} loading={busy} disabled={!data} data-testid="manual-save">Save</Button>
        </>
      }
    >
      {sheet.isError && <Alert color="red" p="xs" data-testid="manual-load-error">{M.loadFailed}</Alert>}
      {sheet.isPending && <Text size="sm" c="dimmed">Loading samples…</Text>}
      {data && (
        <>
          <ManualToolbar csv={csv} onFiles={() => setFilesOpen(true)} summary={{ rows: rowCount, ...summary }} />
          {error && <Alert color="red" p="xs" mb={6} data-testid="manual-error">{error}</Alert>}
          {info && <Alert color="blue" p="xs" mb={6} withCloseButton onClose={() => setInfo(null)} data-testid="manual-info">{info}</Alert>}
          <ManualEntryGrid store={store} rows={rowCount} columns={columns} actions={actions} />
        </>
      )}
      {plan && (
        <PastePreviewDialog
          title="Paste"
          rows={plan.changes.map((c, k) => ({ key: k, label: `${store.sampleNumber(c.index)} · ${header(c.field)}`, from: c.from || '—', to: c.to || '—' }))}
          note={planNote(plan) || undefined}
          onCancel={() => setPlan(null)}
          onApply={() => {
            applyPlan(plan);
            const note = planNote(plan);
            if (note) setInfo(note);
            setPlan(null);
          }}
        />
      )}
      {filesOpen && <UploadFilesDialog kind={kind} submissionId={submissionId} onClose={() => setFilesOpen(false)} />}
    </AppDialog>
  );
}

function ManualToolbar({ csv, onFiles, summary }: {
  csv: { upload: (f: File | null) => Promise<void>; download: () => void }; onFiles: () => void; summary: { rows: number; unsaved: number; saving: number; failed: number };
}) {
  return (
    <Group gap="xs" mb={6}>
      <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} />} onClick={csv.download} data-testid="manual-csv-download">CSV download</Button>
      <FileButton accept=".csv,text/csv" onChange={(f) => void csv.upload(f)}>
        {(props) => <Button {...props} size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} data-testid="manual-csv-upload">CSV upload</Button>}
      </FileButton>
      <Button size="compact-sm" variant="light" leftSection={<IconPaperclip size={14} />} onClick={onFiles} data-testid="manual-upload-files">Upload files</Button>
      <Text size="xs" c="dimmed" data-testid="manual-summary">
        {summary.rows} samples{summary.unsaved ? ` · ${summary.unsaved} unsaved` : ''}{summary.saving ? ` · ${summary.saving} saving` : ''}{summary.failed ? ` · ${summary.failed} not saved` : ''}
      </Text>
    </Group>
  );
}
