import { ActionIcon, Badge, Box, Button, Group, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ANALYTE_LABELS, type JobControl, type JobControls, QC_HOLD_MARKS, QC_MESSAGES, apiFeatures, hasPermission } from '@sapwood/contracts';
import { NumericInput } from '../../../components/ui/NumericInput';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';
import { useSession } from '../../../lib/session';

const qc = apiFeatures.qc;
const lab = apiFeatures.lab;
/**
 * What a control's save or a release makes stale: the QC answers and the lab's lists, but not the open results
 * dialog's own job data (`jobData`): refetched, it would reload the dialog's grid and drop the values typed there
 * and not saved yet (a sample refused because the control had no result). The dialog reads it afresh when reopened.
 */
const AFTER_CONTROL_CHANGE = [qc, ...Object.values(lab).filter((e) => e !== lab.jobData)];

/** The results dialog's reason (its useReason): asked when the job is completed or exported, or when the server asked. */
export interface ControlReason {
  reasonMissing: () => Promise<boolean>;
  reasonNow: () => string | undefined;
  setReasonAsked: (asked: boolean) => void;
}

const OUTCOME_COLOUR = { pass: 'green', warning: 'orange', reject: 'red' } as const;

/** A control's judgement: the outcome and each rule it violated, named. */
function Judgement({ row }: { row: JobControl }) {
  if (!row.outcome) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid={`control-outcome-${row.id}`}>
      <Badge size="xs" color={OUTCOME_COLOUR[row.outcome]}>{row.released ? 'released' : row.outcome}</Badge>
      {row.violations.map((v) => <Badge key={v.rule} size="xs" variant="outline" tt="none" color={v.severity === 'reject' ? 'red' : 'orange'} title={v.meaning}>{v.rule}</Badge>)}
    </Group>
  );
}

/**
 * The "QC hold" mark of a held job, with the release (QcRelease, a reason) for those who may; a job held only because
 * its controls are not yet entered (controls required, ADR 0253) is marked so, with nothing to release.
 */
export function QcHold({ jobId, held, hold }: { jobId: number; held: boolean; hold: JobControls['hold'] }) {
  const session = useSession();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const release = useEndpointMutation(qc.release, { invalidates: AFTER_CONTROL_CHANGE, onSuccess: () => notify.success('Results released') });
  if (hold === 'unentered') return <Badge color="orange" title={QC_MESSAGES.heldUnentered(`J${jobId}`)} data-testid="qc-pending">{QC_HOLD_MARKS.unentered.label}</Badge>;
  if (!held) return null;
  return (
    <Group gap="xs" align="flex-end" data-testid="qc-hold">
      <Badge color="red" title={QC_MESSAGES.held(`J${jobId}`)}>QC hold</Badge>
      {hasPermission(session.permissions, 'QcRelease') && (
        <>
          <TextInput size="xs" label="Reason for release" value={reason} error={error} onChange={(e) => { setReason(e.currentTarget.value); setError(undefined); }} data-testid="qc-release-reason" />
          <Button
            size="xs" color="red" variant="light" loading={release.isPending} data-testid="qc-release"
            onClick={() => (reason.trim() ? release.mutate({ jobId, reason }) : setError(QC_MESSAGES.reasonRequired))}
          >Release</Button>
        </>
      )}
    </Group>
  );
}

/** A control's value saved (with the reason when the job needs one); what the server refused, in its words. */
function useControlSave(jobId: number, reason: ControlReason | undefined) {
  const [refused, setRefused] = useState<string | null>(null);
  const save = useEndpointMutation(qc.saveControlResults, {
    invalidates: AFTER_CONTROL_CHANGE,
    onError: (err) => {
      if (err instanceof ApiError && err.fieldMessage('reason')) reason?.setReasonAsked(true);
      setRefused(err instanceof ApiError ? (err.body?.fields?.map((f) => f.message).join('; ') || err.message) : 'Operation has failed');
    },
  });
  const commitValue = async (row: JobControl, value: number | null) => {
    if (value === row.value) return;
    if (reason && (await reason.reasonMissing())) return setRefused(QC_MESSAGES.changeReasonRequired);
    setRefused(null);
    save.mutate({ jobId, rows: [{ id: row.id, value, rowVersion: row.rowVersion }], reason: reason?.reasonNow() });
  };
  return { refused, commitValue };
}

/**
 * The control rows of a job, beside its client samples (issue 37): on the job card they are chosen from the active
 * lots ('card'); in the results dialog their results are typed with the samples' keyboard flow ('results': Enter or
 * Tab saves the value and moves to the next control). Each saved result shows its Westgard judgement.
 */
export function ControlRows({ jobId, mode, reason }: {
  jobId: number;
  mode: 'card' | 'results';
  /** the results dialog's reason for a change of a completed or exported job: a control's change asks it as a result's does */
  reason?: ControlReason;
}) {
  const controls = useEndpointQuery(qc.jobControls, { jobId });
  const lots = useEndpointQuery(qc.activeLots, {}, { enabled: mode === 'card' });
  const setControls = useEndpointMutation(qc.setJobControls, { invalidates: [qc, lab] });
  const { refused, commitValue } = useControlSave(jobId, reason);
  const [chosen, setChosen] = useState<string | null>(null);
  const [typed, setTyped] = useState<Record<number, number | null>>({});
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const data = controls.data;
  if (!data) return null;
  const keep = data.rows.map((r) => ({ id: r.id, controlLotId: r.controlLotId }));
  const add = () => chosen && setControls.mutate({ jobId, rows: [...keep, { id: 0, controlLotId: Number(chosen) }] }, { onSuccess: () => setChosen(null) });
  const remove = (id: number) => setControls.mutate({ jobId, rows: keep.filter((r) => r.id !== id) });
  const commit = (row: JobControl, index: number) => {
    inputs.current[index + 1]?.focus();
    void commitValue(row, row.id in typed ? typed[row.id] : row.value);
  };

  return (
    <Box mt="sm" data-testid="control-rows">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">Controls</Text>
        <QcHold jobId={jobId} held={data.held} hold={data.hold} />
      </Group>
      {refused && <Text size="xs" c="red" role="alert" data-testid="control-error">{refused}</Text>}
      {data.rows.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="controls-none">{data.controlsOptional ? 'No controls on this job.' : 'This job needs a control result before it can be completed.'}</Text>
      )}
      {data.rows.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {data.rows.map((r, i) => (
              <Table.Tr key={r.id} data-testid={`control-row-${i}`}>
                <Table.Td fz="xs">{r.name} · {r.lot} · {ANALYTE_LABELS[r.analyte]}</Table.Td>
                <Table.Td fz="xs" c="dimmed">{r.mean} ± {r.sd}</Table.Td>
                <Table.Td w={110}>
                  {mode === 'results' ? (
                    <NumericInput
                      size="xs" aria-label={`Control ${r.lot} ${r.analyte}`} ref={(el) => { inputs.current[i] = el; }}
                      value={r.id in typed ? typed[r.id] : r.value} onChange={(v) => setTyped((t) => ({ ...t, [r.id]: v }))}
                      onKeyDown={(e) => { if (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey && i < data.rows.length - 1)) { e.preventDefault(); commit(r, i); } }}
                      onBlur={() => commit(r, data.rows.length)}
                      data-testid={`control-value-${i}`}
                    />
                  ) : (
                    <Text fz="xs">{r.value ?? ''}</Text>
                  )}
                </Table.Td>
                <Table.Td><Judgement row={r} /></Table.Td>
                {mode === 'card' && (
                  <Table.Td w={36}>
                    <Tooltip label={r.value === null ? 'Remove control' : QC_MESSAGES.hasResult}>
                      <ActionIcon size="sm" variant="subtle" color="red" disabled={r.value !== null} aria-label={`Remove control ${r.lot}`} onClick={() => remove(r.id)} data-testid={`control-remove-${i}`}><IconTrash size={14} /></ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {mode === 'card' && (
        <Group gap="xs" mt={4} align="flex-end">
          <Select
            size="xs" placeholder="Choose a control lot" value={chosen} onChange={setChosen} data-testid="control-lot-choose"
            data={(lots.data ?? []).map((l) => ({ value: String(l.id), label: `${l.name} · ${l.lot} (${ANALYTE_LABELS[l.analyte]})` }))}
          />
          <Button size="xs" variant="light" disabled={!chosen} loading={setControls.isPending} onClick={add} data-testid="control-add">Add control</Button>
        </Group>
      )}
    </Box>
  );
}
