import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { MANUAL_ENTRY_MESSAGES as M, type ManualGridRow, isManualMultiPaste, manualColumnsOf, manualCsv, manualRowValues, pastedWithHeader } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useConfirm } from '../../components/ui/confirm';
import { GridCsvButton } from '../../components/ui/grid/GridCsvButton';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { useWarnBeforeUnload } from '../../components/ui/unsaved';
import type { SubmissionKind } from './kind';
import { ManualEntryGrid, type ManualGridActions } from './ManualEntryGrid';
import { manualCsvColumns, manualCsvHeading, manualCsvPlan, manualPastePlan, manualValueCount, manualValueFields, manualWithNa } from './manualPlans';
import { useManualGrid } from './useManualGrid';
import { useManualSubmit } from './useManualSubmit';
import { UploadFilesDialog } from './UploadFilesDialog';

/**
 * Manual result entry of a Manual (or manual farmer) submission (spec part 2 §2 manual submission entry, §5) on the
 * entry-grid engine (issue 34): a full-screen grid of its samples — Sample Number, Lab Number, the values with
 * their units, N/A — typed like a spreadsheet (Enter down the column, Tab across, the arrows; N/A rows skipped).
 * A row saves itself when the focus leaves it; a 409 shows the other user's values and asks (No keeps theirs); a
 * 400 is said at its cells. Pasted cells and a CSV show a preview first; values never go into an N/A row. Save:
 * the unsaved rows and the submission handed over to Results, after asking. Closing with unsaved work asks first.
 */
export function ManualEntryDialog({ kind, submissionId, onClose }: { kind: SubmissionKind; submissionId: number; onClose: () => void }) {
  const columns = manualColumnsOf(kind);
  const [filesOpen, setFilesOpen] = useState(false);
  const { sheet, grid, isConfirmed } = useManualGrid(kind, submissionId, onClose);
  const actions = useManualActions(kind, grid, isConfirmed);
  const { save, busy } = useManualSubmit(kind, submissionId, grid, onClose);
  useWarnBeforeUnload(grid.isDirty);

  const data = sheet.data;
  const title = data ? `Manual entry · Submission ${submissionId} · ${data.clientName} (${data.farmName})` : `Manual entry · Submission ${submissionId}`;
  const csvFile = (file: File) => void importManualCsv(kind, grid, file);
  return (
    <AppDialog opened fullScreen tall onClose={() => void grid.close()} title={title} data-testid="manual-entry-dialog"
      actions={
        <>
          <Button variant="default" onClick={() => void grid.close()} data-testid="manual-close">Close</Button>
          <Button onClick={() => void save()} loading={busy} disabled={!data} data-testid="manual-save">Save</Button>
        </>
      }
    >
      {sheet.isError && <Alert color="red" p="xs" data-testid="manual-load-error">{M.loadFailed}</Alert>}
      {sheet.isPending && <Text size="sm" c="dimmed">Loading samples…</Text>}
      {data && (
        <>
          <Group gap="xs" mb={6}>
            <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} />} onClick={() => download(kind, grid.rows())} data-testid="manual-csv-download">CSV download</Button>
            <GridCsvButton onFile={csvFile} testId="manual-csv-upload" />
            <Button size="compact-sm" variant="light" leftSection={<IconPaperclip size={14} />} onClick={() => setFilesOpen(true)} data-testid="manual-upload-files">Upload files</Button>
            <Text size="xs" c="dimmed" data-testid="manual-summary">{grid.fields.length} samples</Text>
          </Group>
          {grid.message && <Alert color="red" p="xs" mb={6} withCloseButton onClose={() => grid.say(null)} style={{ whiteSpace: 'pre-line' }} data-testid="manual-error">{grid.message}</Alert>}
          <ManualEntryGrid rows={grid.fields as never} columns={columns} actions={actions} />
        </>
      )}
      {grid.preview && <PastePreviewDialog {...grid.preview} />}
      {filesOpen && <UploadFilesDialog kind={kind} submissionId={submissionId} onClose={() => setFilesOpen(false)} />}
    </AppDialog>
  );
}

type Grid = ReturnType<typeof useManualGrid>['grid'];

/** A CSV (a file, or a paste with its header row) through the engine: its problems named by line, else its rows matched by sample number and previewed. */
function importManualCsv(kind: SubmissionKind, grid: Pick<Grid, 'importCsv' | 'rows'>, file: File | string) {
  let show: (row: ManualGridRow | null) => string = () => '';
  return grid.importCsv(file, manualCsvColumns(kind), (lines) => {
    const p = manualCsvPlan(kind, grid.rows(), lines);
    show = p.show;
    return p.plan.rows.length || p.plan.notes.length ? p.plan : ['No rows found'];
  }, (row) => show(row), manualCsvHeading(kind));
}

/** data.csv: the sheet as it stands (text that is not a number left out). */
function download(kind: SubmissionKind, rows: ManualGridRow[]) {
  const csv = manualCsv(kind, rows.map((r) => ({ sampleNumber: r.sampleNumber, labNumber: r.labNumber, na: r.isNa, values: manualRowValues(kind, r) })));
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'data.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * What the grid's cells do: the engine's keyboard, a paste of several cells (a preview first; with a header row it
 * is a CSV), N/A (on a row holding values it clears them, after asking: a row is never both), leaving a row saves it.
 */
function useManualActions(kind: SubmissionKind, grid: Grid, isConfirmed: ManualGridActions['isConfirmed']): ManualGridActions {
  const confirm = useConfirm();
  const { form, rows, write, saves, onKey, cells, live, propose, say, importCsv } = grid;
  return useMemo(() => ({
    kind, live, register: form.register as never, saves, values: manualValueFields(kind), isConfirmed,
    key: (index: number, field: string, e: KeyboardEvent<HTMLInputElement>) => onKey(index, field, e),
    paste: (index: number, field: string, text: string) => {
      if (!isManualMultiPaste(text)) return false;
      if (pastedWithHeader(kind, text)) {
        void importManualCsv(kind, { importCsv, rows }, text);
        return true;
      }
      const p = manualPastePlan(kind, rows(), index, field, text);
      if (typeof p === 'string') say(p);
      else propose({ ...p.plan, focus: { row: index, column: field } }, p.show);
      return true;
    },
    setNa: (index: number, na: boolean) => void (async () => {
      const row = rows()[index];
      if (!row) return;
      const n = manualValueCount(kind, row);
      if (na && n > 0 && !(await confirm(M.naClears(row.sampleNumber, n), 'N/A'))) return;
      write(index, manualWithNa(kind, row, na));
      await saves.save(row.sampleId);
    })(),
    leave: (index: number) => {
      const row = rows()[index];
      if (row) void saves.save(row.sampleId);
    },
    element: (index: number, field: string, el: HTMLInputElement | null) => cells.set(index, field, el),
    cells,
  }), [kind, form, live, rows, write, saves, onKey, cells, propose, say, confirm, isConfirmed, importCsv]);
}
