import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconArchive, IconCircleCheck, IconDotsVertical, IconFiles, IconFlask, IconPrinter, IconReportAnalytics, IconRestore } from '@tabler/icons-react';
import { type LabSubmissionRow, MANUAL_ENTRY_MESSAGES, isManualLab, outsideLabOf } from '@sapwood/contracts';
import { useMemo } from 'react';
import { useConfirm } from '../../components/ui/confirm';
import { call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { type SubmissionKind, endpointsOf, resultEndpointsOf } from './kind';
import { PostToMfwButton } from './PostToMfw';
import { History } from './WaitingTab';

export type StateTabName = 'results' | 'completed' | 'archived';
/** The dialogs a row opens: its report (Report Settings), and from its menu results (Lab Result), print (Lab Results) and docs (Files). */
export type RowDialog = 'report' | 'results' | 'print' | 'docs';

export const STATE_MESSAGES = {
  complete: 'Are you sure you want to complete this submission?',
  archive: 'Are you sure you want to archive this row?',
  restore: 'Are you sure you want to restore this row?',
  done: 'Successfully',
  failed: 'Failed',
} as const;

export interface StateChanges {
  complete: (row: LabSubmissionRow) => Promise<void>;
  archive: (row: LabSubmissionRow) => Promise<void>;
  restore: (row: LabSubmissionRow) => Promise<void>;
}

/**
 * Complete (Results → Completed), archive (Results or Completed → Archived) and restore (back), each after
 * asking; archive and restore say 'Successfully' or 'Failed' (spec §4). `onMoved` hears of a row that left its tab.
 */
export function useStateChanges(kind: SubmissionKind, onMoved: (id: number) => void): StateChanges {
  const ep = endpointsOf(kind);
  const rep = resultEndpointsOf(kind);
  const confirm = useConfirm();
  const opts = {
    invalidates: [ep.results, ep.completed, ep.archived],
    onSuccess: (_: unknown, input: { id: number }) => {
      notify.success(STATE_MESSAGES.done);
      onMoved(input.id);
    },
    onError: () => notify.error(STATE_MESSAGES.failed),
  };
  const complete = useEndpointMutation(rep.complete, { ...opts, onError: undefined }).mutate;
  const archive = useEndpointMutation(rep.archive, opts).mutate;
  const restore = useEndpointMutation(rep.restore, opts).mutate;
  return useMemo(() => {
    const asking = (message: string, title: string, change: (input: { id: number }) => void) => async (row: LabSubmissionRow) => {
      if (await confirm(message, title)) change({ id: row.id });
    };
    /** an outside lab's samples still waiting for their result make the question say so (the poll stops at Completed) */
    const completeAsking = async (row: LabSubmissionRow) => {
      const lab = outsideLabOf(row.lab);
      let message: string = STATE_MESSAGES.complete;
      if (lab) {
        // the plain question when the view cannot be read: the complete itself still answers for its state
        const view = await call(rep.getResults, { id: row.id }).catch(() => null);
        if (view && view.waiting > 0) message = MANUAL_ENTRY_MESSAGES.completeWhileWaiting(view.waiting, view.sampleData.length, lab);
      }
      if (await confirm(message, 'Complete')) complete({ id: row.id });
    };
    return {
      complete: completeAsking,
      archive: asking(STATE_MESSAGES.archive, 'Archive', archive),
      restore: asking(STATE_MESSAGES.restore, 'Restore', restore),
    };
  }, [confirm, complete, archive, restore, rep.getResults]);
}

interface RowActionsProps {
  row: LabSubmissionRow;
  tab: StateTabName;
  changes: StateChanges;
  /** archive and restore need SubmissionsDelete */
  mayArchive: boolean;
  onOpen: (dialog: RowDialog, row: LabSubmissionRow) => void;
  /** posts a Completed row to the farm-management system (after asking) */
  onPost?: (row: LabSubmissionRow) => void;
}

/**
 * A row's actions on the Results, Completed and Archived tabs: complete (Results), post to MFW (Completed, a row
 * with a location), report, archive or restore (with SubmissionsDelete), the menu with results, print (not for
 * the Manual nor the manual farmer lab) and docs, and the row's history.
 */
export function RowActions({ row, tab, changes, mayArchive, onOpen, onPost }: RowActionsProps) {
  const icon = (label: string, onClick: () => void, child: React.ReactNode, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={`${label} ${row.id}`} onClick={onClick}>{child}</ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {tab === 'results' && icon('complete', () => void changes.complete(row), <IconCircleCheck size={16} />, 'teal')}
      {tab === 'completed' && onPost && <PostToMfwButton row={row} onPost={onPost} />}
      {icon('report', () => onOpen('report', row), <IconReportAnalytics size={16} />, 'indigo')}
      {mayArchive && tab !== 'archived' && icon('archive', () => void changes.archive(row), <IconArchive size={16} />, 'orange')}
      {mayArchive && tab === 'archived' && icon('restore', () => void changes.restore(row), <IconRestore size={16} />)}
      <Menu withinPortal position="bottom-end" shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`menu ${row.id}`}><IconDotsVertical size={16} /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFlask size={14} />} onClick={() => onOpen('results', row)}>results</Menu.Item>
          {!isManualLab(row.lab) && <Menu.Item leftSection={<IconPrinter size={14} />} onClick={() => onOpen('print', row)}>print</Menu.Item>}
          <Menu.Item leftSection={<IconFiles size={14} />} onClick={() => onOpen('docs', row)}>docs</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <History row={row} />
    </Group>
  );
}
