import { ActionIcon, Button, Group, Modal, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconLink, IconPencil, IconPrinter, IconSend, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type LabSubmissionRow, SUBMISSION_LAB_LABELS, SUBMISSION_MESSAGES as M, isManualLab } from '@sapwood/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/formErrors';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { JobIdDialog } from './JobIdDialog';
import { LabResultsDialog } from './LabResultsDialog';
import { ManualEntryDialog } from './ManualEntryDialog';
import { Unmatched } from './Unmatched';
import { rowError } from './rowError';
import { type SubmissionKind, endpointsOf } from './kind';

/** A row's history: who changed it, when, from what to what and why. Escape or a click outside closes it (issue 35). */
export function History({ row }: { row: LabSubmissionRow }) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened) return;
    // the focus stays on the button that opened it: Escape is heard on the window
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpened(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [opened]);
  return (
    <Popover opened={opened} onChange={setOpened} onDismiss={() => setOpened(false)} withinPortal position="left" shadow="md">
      <Popover.Target>
        <Tooltip label="history">
          <ActionIcon variant="subtle" aria-label={`history of ${row.id}`} onClick={() => setOpened((o) => !o)}><IconHistory size={16} /></ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid={`history-${row.id}`}>
        <Stack gap={2}>
          {row.history.map((e, i) => (
            <Text key={i} size="xs">{formatDateTime(e.at)} · {e.by ?? 'Sapwood'} · {e.from ? `${e.from} → ` : ''}{e.to} · {e.reason}</Text>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A failed Re-send's words: each row's problem once (a crop code to assign), else the server's message. */
const resendError = (err: unknown) =>
  err instanceof ApiError && err.status === 400 && err.body?.fields?.length ? [...new Set(err.body.fields.map((f) => f.message))].join('; ') : errorMessage(err, 'Failed');

/**
 * The Waiting for Lab tab: Id, Submitted, Submission (lab, and its work order unless Manual), Client (Farm),
 * Samples (count, and crops for leaf), Lab Job / Work Numbers, Prepared By, Actions. A row with an error is red
 * and shows the error (what to fix, in our words and the lab's); Re-send sends an order its lab refused, or
 * that could not be sent, again once fixed (with the row's version: a row changed meanwhile is reloaded).
 * Samples the lab returned that match no row are told on the row. Manual Link (no lab job yet) opens the Job Id
 * dialog; delete only without a lab job and with SubmissionsDelete (the server refuses otherwise too); the
 * history shows on the row.
 */
export function WaitingTab({ kind }: { kind: SubmissionKind }) {
  const ep = endpointsOf(kind);
  const can = useCan();
  const confirm = useConfirm();
  const [link, setLink] = useState<LabSubmissionRow | null>(null);
  const [manual, setManual] = useState<LabSubmissionRow | null>(null);
  const [printing, setPrinting] = useState<LabSubmissionRow | null>(null);
  // a refused delete (the server's check, or a lab job number) opens the 'May not delete row' dialog (spec part 2 §7)
  const [refused, setRefused] = useState<string | null>(null);
  const remove = useEndpointMutation(ep.delete, {
    invalidates: [ep.waiting, ep.pending],
    onSuccess: () => notify.success('Successfully'),
    onError: (err) => setRefused(errorMessage(err, M.mayNotDeleteWithLabJob)),
  });
  const mayDelete = can('SubmissionsDelete');
  const on: RowActions = useMemo(() => ({
    manual: setManual, link: setLink, print: setPrinting,
    remove: async (r: LabSubmissionRow) => {
      if (r.labJobId) return setRefused(M.mayNotDeleteWithLabJob);
      if (await confirm(M.deleteConfirm(r.clientName), 'Delete')) remove.mutate({ id: r.id });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [confirm]);
  const columns = useWaitingColumns(kind, mayDelete, on);
  return (
    <>
      <PagedTable
        endpoint={ep.waiting}
        columns={columns}
        keyset
        searchPlaceholder="Start of client or farm"
        testId="waiting-table"
        {...rowError}
      />
      <Modal opened={refused !== null} onClose={() => setRefused(null)} title={M.mayNotDelete} size="sm" zIndex={1100} data-testid="may-not-delete">
        <Stack gap="sm">
          <Text size="sm">{refused}</Text>
          <Group justify="flex-end"><Button size="xs" onClick={() => setRefused(null)}>OK</Button></Group>
        </Stack>
      </Modal>
      {link && <JobIdDialog kind={kind} row={link} onClose={() => setLink(null)} />}
      {manual && <ManualEntryDialog kind={kind} submissionId={manual.id} onClose={() => setManual(null)} />}
      {printing && <LabResultsDialog kind={kind} row={printing} onClose={() => setPrinting(null)} />}
    </>
  );
}

type RowActions = Record<'manual' | 'link' | 'print' | 'remove', (r: LabSubmissionRow) => void>;

/** The Waiting for Lab columns; the row's actions are `WaitingRowActions`. */
function useWaitingColumns(kind: SubmissionKind, mayDelete: boolean, on: RowActions) {
  return useMemo<ColumnDef<LabSubmissionRow, unknown>[]>(() => [
    { id: 'id', header: () => 'Id', enableSorting: false, accessorKey: 'id', size: 60 },
    { id: 'submitted', header: 'Submitted', cell: ({ row }) => formatDateTime(row.original.submitted) },
    {
      id: 'lab', header: () => 'Submission', enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <>
          <Text size="sm">{SUBMISSION_LAB_LABELS[r.lab]}{!isManualLab(r.lab) && r.submissionWorkOrder ? ` · ${r.submissionWorkOrder}` : ''}</Text>
          <Unmatched row={r} />
        </>
      ),
    },
    { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
    { id: 'samples', header: () => 'Samples', enableSorting: false, cell: ({ row }) => `${row.original.samples}${kind === 'leaf' && row.original.crop.length ? ` · ${row.original.crop.join(', ')}` : ''}` },
    { id: 'labJob', header: () => 'Lab Job / Work Numbers', enableSorting: false, cell: ({ row }) => [row.original.labJobId, row.original.labWorkOrder].filter(Boolean).join(' / ') },
    { id: 'submittedBy', header: () => 'Prepared By', enableSorting: false, accessorKey: 'submittedBy' },
    {
      id: 'actions', header: () => 'Actions', enableSorting: false, size: 150,
      cell: ({ row: { original: r } }) => <WaitingRowActions kind={kind} row={r} mayDelete={mayDelete} on={on} />,
    },
  ], [kind, mayDelete, on]);
}

/** A waiting row's actions: Manual, Manual Link, Re-send (a refused or unsent order), print, history, delete. */
function WaitingRowActions({ kind, row: r, mayDelete, on }: { kind: SubmissionKind; row: LabSubmissionRow; mayDelete: boolean; on: RowActions }) {
  const ep = endpointsOf(kind);
  const resend = useEndpointMutation(ep.resend, {
    invalidates: [ep.waiting],
    onSuccess: () => notify.success(M.resent),
    onError: (err) => notify.error(err instanceof ApiError && err.status === 409 ? M.changed : resendError(err)),
  });
  return (
    <Group gap={4} wrap="nowrap">
      {isManualLab(r.lab) && (
        <Tooltip label="Manual"><ActionIcon variant="subtle" aria-label={`Manual ${r.id}`} onClick={() => on.manual(r)}><IconPencil size={16} /></ActionIcon></Tooltip>
      )}
      {!r.labJobId && !r.submissionWorkOrder && (
        <Tooltip label="Manual Link"><ActionIcon variant="subtle" aria-label={`Manual Link ${r.id}`} onClick={() => on.link(r)}><IconLink size={16} /></ActionIcon></Tooltip>
      )}
      {r.error && !isManualLab(r.lab) && !r.submissionWorkOrder && !r.labJobId && (
        <Tooltip label="Re-send">
          <ActionIcon variant="subtle" color="orange" aria-label={`Re-send ${r.id}`} loading={resend.isPending && resend.variables?.id === r.id}
            onClick={() => resend.mutate({ id: r.id, rowVersion: r.rowVersion })}><IconSend size={16} /></ActionIcon>
        </Tooltip>
      )}
      {/* spec: 'print: lab results' on every waiting row (the Manual-lab exception is the other tabs' menu) */}
      <Tooltip label="print"><ActionIcon variant="subtle" aria-label={`print ${r.id}`} onClick={() => on.print(r)}><IconPrinter size={16} /></ActionIcon></Tooltip>
      <History row={r} />
      {mayDelete && !r.labJobId && (
        <Tooltip label="delete"><ActionIcon variant="subtle" color="red" aria-label={`delete ${r.id}`} onClick={() => on.remove(r)}><IconX size={16} /></ActionIcon></Tooltip>
      )}
    </Group>
  );
}
