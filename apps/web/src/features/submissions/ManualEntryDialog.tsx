import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { MANUAL_ENTRY_MESSAGES as M, isManualMultiPaste, manualColumnsOf, manualCsv, parseManualCsv } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useConfirm } from '../../components/ui/confirm';
import { type GridMove, createCellRegistry, gridMoveOf, nextRow } from '../../components/ui/grid/gridNav';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { UNSAVED_MESSAGE, UNSAVED_TITLE, useWarnBeforeUnload } from '../../components/ui/unsaved';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useEndpointQuery, useInvalidate } from '../../lib/query';
import { useAskUnusual } from '../../lib/unusual';
import { type SubmissionKind, endpointsOf, resultEndpointsOf } from './kind';
import { ManualEntryGrid, type ManualGridActions } from './ManualEntryGrid';
import { ManualEntryStore, type ManualField } from './manualEntry';
import { type ImportPlan, csvPlan, pastePlan, planNote } from './manualImport';
import { UnconfirmedValues, problemsOf, useManualSaves } from './manualSaves';
import { UploadFilesDialog } from './UploadFilesDialog';

const MAX_CSV_BYTES = 2_000_000;

/** The grid's moves: gridNav's, Shift+Enter up, and Left/Right also when the whole text is selected (a cell just entered). */
function moveOf(e: KeyboardEvent<HTMLInputElement>): GridMove | null {
  const plain = !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
  if (e.key === 'Enter' && e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) return 'up';
  const el = e.currentTarget;
  const all = el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
  if (plain && all && e.key === 'ArrowLeft') return 'left';
  if (plain && all && e.key === 'ArrowRight') return 'right';
  return gridMoveOf(e);
}

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
  const ep = resultEndpointsOf(kind);
  const confirm = useConfirm();
  const invalidate = useInvalidate();
  const columns = manualColumnsOf(kind);
  const fields = useMemo<ManualField[]>(() => ['labNumber', ...columns.map((c) => c.code)], [columns]);
  // loaded once per opening: a background refetch would only re-render under the typist (a row reloaded after a conflict refetches it)
  const sheet = useEndpointQuery(ep.sampleNumbers, { submissionId }, {
    gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false,
  });
  const loaded = useRef(false);
  const { refetch } = sheet;
  const refetchSheet = useCallback(async () => (await refetch({ throwOnError: true })).data, [refetch]);
  const [store] = useState(() => new ManualEntryStore(kind, columns.map((c) => c.code)));
  const [cells] = useState(() => createCellRegistry<ManualField>());
  const [rowCount, setRowCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [filesOpen, setFilesOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const askUnusual = useAskUnusual();
  const saves = useManualSaves(kind, submissionId, store, askUnusual, refetchSheet);
  const summary = useSyncExternalStore(store.subscribe, store.summary);
  const dirty = summary.unsaved + summary.failed + summary.saving > 0;
  useWarnBeforeUnload(dirty);

  useEffect(() => {
    // the rows are loaded once: a refetch (a row reloaded after a conflict) takes only that row
    if (!sheet.data || loaded.current) return;
    loaded.current = true;
    store.load(sheet.data.rows);
    setRowCount(sheet.data.rows.length);
  }, [sheet.data, store]);
  const hasRows = rowCount > 0;
  useEffect(() => {
    if (!hasRows) return;
    // after the modal's own focus trap has placed its first focus
    const t = setTimeout(() => cells.focus(0, 'labNumber'), 30);
    return () => clearTimeout(t);
  }, [hasRows, cells]);

  const header = useCallback((f: string) => (f === 'labNumber' ? 'Lab Number' : f === 'na' ? 'N/A' : columns.find((c) => c.code === f)?.header ?? f), [columns]);

  const applyPlan = useCallback((p: ImportPlan) => {
    p.patches.forEach((patch, index) => store.apply(index, patch));
    void saves.saveRows([...p.patches.keys()]);
  }, [store, saves]);

  const actions: ManualGridActions = useMemo(() => {
    const usable = (f: ManualField) => (k: number) => {
      const el = cells.get(k, f);
      return !!el && !el.disabled;
    };
    const vertical = (index: number, field: ManualField, step: 1 | -1) => {
      const k = nextRow(index, step, store.length, usable(field));
      return k >= 0 && cells.focus(k, field);
    };
    const across = (index: number, from: number, step: 1 | -1) => {
      for (let c = from + step; c >= 0 && c < fields.length; c += step) if (cells.focus(index, fields[c])) return true;
      return false;
    };
    return {
      typed: (index, field, text) => store.setText(index, field, text),
      key: (e: KeyboardEvent<HTMLInputElement>, index, field) => {
        const move = moveOf(e);
        if (!move) return;
        const col = fields.indexOf(field);
        let moved = false;
        switch (move) {
          case 'enter':
            moved = vertical(index, field, 1);
            if (!moved) void saves.saveRows([index]);
            e.preventDefault();
            return;
          case 'down': moved = vertical(index, field, 1); break;
          case 'up': moved = vertical(index, field, -1); break;
          case 'left': moved = across(index, col, -1); break;
          case 'right': moved = across(index, col, 1); break;
          case 'next': moved = across(index, col, 1) || across(index + 1, -1, 1); break;
          case 'prev': moved = across(index, col, -1) || across(index - 1, fields.length, -1); break;
        }
        if (moved || move === 'up' || move === 'down') e.preventDefault();
      },
      paste: (index, field, text) => {
        if (!isManualMultiPaste(text)) return false;
        const p = pastePlan(store, kind, columns, index, field, text);
        setError(null);
        if (p.changes.length === 0) setInfo(`Nothing to change${planNote(p) ? ` · ${planNote(p)}` : ''}`);
        else setPlan(p);
        return true;
      },
      setNa: (index, na) => {
        void (async () => {
          // a row is never both N/A and holding values: ticking N/A on one with values clears them, after asking
          if (na && store.hasValues(index)) {
            if (!(await confirm(M.naClears(store.sampleNumber(index), store.valueCount(index)), 'N/A'))) return;
            store.apply(index, { na: true, values: Object.fromEntries(store.codes.map((c) => [c, null])) });
          } else store.setNa(index, na);
          await saves.saveRows([index]);
        })();
      },
      leave: (index) => void saves.saveRows([index]),
      element: (index, field, el) => cells.set(index, field, el),
      reload: (index) => void saves.reloadRow(index).catch(() => setError(M.loadFailed)),
    };
  }, [store, cells, fields, saves, kind, columns, confirm]);

  const uploadCsv = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setInfo(null);
    if (file.size > MAX_CSV_BYTES) return setError('The file is larger than 2 MB');
    const parsed = parseManualCsv(kind, await file.text());
    if (parsed.error) return setError(parsed.error);
    const p = csvPlan(store, parsed);
    applyPlan(p);
    const note = planNote(p);
    setInfo(`${p.patches.size} rows uploaded${note ? ` ${note}` : ''}`);
  };

  const downloadCsv = () => {
    const url = URL.createObjectURL(new Blob([manualCsv(kind, store.csvRows())], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'data.csv';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const close = async () => {
    await saves.settled();
    const s = store.summary();
    if (s.unsaved + s.failed > 0 && !(await confirm(UNSAVED_MESSAGE, UNSAVED_TITLE))) return;
    onClose();
  };

  const save = async () => {
    setError(null);
    setInfo(null);
    const bad = store.firstBad();
    if (bad) {
      setError(`Sample ${store.sampleNumber(bad.index)}: ${header(bad.field)}: ${bad.message}`);
      cells.focus(bad.index, bad.field);
      return;
    }
    const pending = store.pendingRows();
    const empty = pending.filter((i) => !store.hasEntry(i));
    if (empty.length > 0) {
      empty.forEach((i) => store.failed(i, M.rowEmpty));
      setError(M.rowEmpty);
      return;
    }
    if (pending.some((i) => store.view(i).state === 'conflict')) return setError(M.changed);
    if (!(await confirm(M.confirm, 'Submit'))) return;
    setBusy(true);
    try {
      const err = await saves.submit();
      if (!err) {
        notify.success('Results saved');
        void invalidate([endpointsOf(kind).waiting, endpointsOf(kind).results, ep.getResults]);
        onClose();
        return;
      }
      if (err instanceof UnconfirmedValues) setError(err.message);
      else if (err instanceof ApiError && err.status === 409) setError(M.changed);
      else if (err instanceof ApiError && err.status === 400) {
        const { sent, sheet: bySheet, other } = problemsOf(err, true);
        const rows = sent.size + bySheet.size;
        setError([...other, rows > 0 ? `${M.saveFailed} See the rows marked red.` : ''].filter(Boolean).join(' ') || M.saveFailed);
      } else setError(M.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const data = sheet.data;
  const title = data ? `Manual entry · Submission ${submissionId} · ${data.clientName} (${data.farmName})` : `Manual entry · Submission ${submissionId}`;
  return (
    <AppDialog
      opened
      fullScreen
      tall
      onClose={() => void close()}
      title={title}
      data-testid="manual-entry-dialog"
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
          <Group gap="xs" mb={6}>
            <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} />} onClick={downloadCsv} data-testid="manual-csv-download">CSV download</Button>
            <FileButton accept=".csv,text/csv" onChange={(f) => void uploadCsv(f)}>
              {(props) => <Button {...props} size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} data-testid="manual-csv-upload">CSV upload</Button>}
            </FileButton>
            <Button size="compact-sm" variant="light" leftSection={<IconPaperclip size={14} />} onClick={() => setFilesOpen(true)} data-testid="manual-upload-files">Upload files</Button>
            <Text size="xs" c="dimmed" data-testid="manual-summary">
              {rowCount} samples{summary.unsaved ? ` · ${summary.unsaved} unsaved` : ''}{summary.saving ? ` · ${summary.saving} saving` : ''}{summary.failed ? ` · ${summary.failed} not saved` : ''}
            </Text>
          </Group>
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
