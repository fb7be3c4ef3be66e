import { Tabs, Text } from '@mantine/core';
import type { Permission } from '@sapwood/contracts';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/layout/PageTitle';
import { useCan } from '../../lib/session';
import type { SubmissionKind } from './kind';
import { PrepareTab } from './PrepareTab';
import { type StateTabName, StateTab } from './StateTab';
import { WaitingTab } from './WaitingTab';

type Tab = 'prepare' | 'waiting' | StateTabName;
const TABS: { tab: Tab; label: string; permission: Permission }[] = [
  { tab: 'prepare', label: 'Prepare', permission: 'SubmissionsPrepare' },
  { tab: 'waiting', label: 'Waiting for Lab', permission: 'SubmissionsWaitingForLab' },
  { tab: 'results', label: 'Results', permission: 'SubmissionsResults' },
  { tab: 'completed', label: 'Completed', permission: 'SubmissionsCompleted' },
  // SubmissionsDelete also gates the Archived tab (spec §6)
  { tab: 'archived', label: 'Archived', permission: 'SubmissionsDelete' },
];

/**
 * /submissions and /farmerssamplesubmissions: a tab group, each tab only with its permission and none open at
 * first (spec part 2 §2). Prepare lists the pending groups of entries and opens the Prepare Submission dialog;
 * Waiting for Lab lists what was submitted and not yet back; Results, Completed and Archived list the rest.
 */
export function SubmissionsPage({ kind }: { kind: SubmissionKind }) {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => can(t.permission));
  const tab = tabs.find((t) => t.tab === params.get('tab'))?.tab ?? null;
  return (
    <>
      <PageTitle />
      <Tabs value={tab} onChange={(t) => setParams(t ? { tab: t } : {})}>
        <Tabs.List mb="xs">
          {tabs.map((t) => <Tabs.Tab key={t.tab} value={t.tab} data-testid={`tab-${t.tab}`}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      {tab === null && <Text size="sm" c="dimmed" data-testid="no-tab">{tabs.length ? 'Choose a tab.' : 'You have no submission tabs.'}</Text>}
      {tab === 'prepare' && <PrepareTab kind={kind} />}
      {tab === 'waiting' && <WaitingTab kind={kind} />}
      {(tab === 'results' || tab === 'completed' || tab === 'archived') && <StateTab kind={kind} tab={tab} />}
    </>
  );
}
