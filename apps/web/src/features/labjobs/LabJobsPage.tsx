import { Button, Group, SimpleGrid, Tabs, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { Pager } from '../../components/ui/table/Pager';
import { useTableState } from '../../components/ui/table/useTableState';
import { call } from '../../lib/api';
import { queryKeyOf, useInvalidate } from '../../lib/query';
import { JobCardDialog } from './JobCardDialog';
import { JobCardView } from './JobCardView';
import { JobResultsDialog } from './JobResultsDialog';

const TABS = {
  current: { label: 'CURRENT', endpoint: apiFeatures.lab.jobs },
  completed: { label: 'COMPLETED', endpoint: apiFeatures.lab.jobsCompleted },
  downloaded: { label: 'DOWNLOADED', endpoint: apiFeatures.lab.jobsArchived },
} as const;
type Tab = keyof typeof TABS;

/**
 * /labjobs: job cards three per row in the tabs CURRENT, COMPLETED and DOWNLOADED (20 a page). The tab,
 * page, search and open dialog live in the URL (?tab=, ?job=create|id for Job Card Details, ?results=id).
 */
export default function LabJobsPage() {
  const invalidate = useInvalidate();
  const [params, setParams] = useSearchParams();
  const [table, setTable] = useTableState('', { rowsPerPage: 20 });
  const tab: Tab = (params.get('tab') as Tab) in TABS ? (params.get('tab') as Tab) : 'current';
  const jobParam = params.get('job');
  const resultsId = Number(params.get('results')) || null;

  const endpoint = TABS[tab].endpoint;
  const request = { page: table.page, rowsPerPage: table.rowsPerPage, search: table.search };
  // the endpoint's own key; the loading overlay holds while a page loads
  const list = useQuery({
    queryKey: queryKeyOf(endpoint, request),
    queryFn: ({ signal }) => call(endpoint, request, { overlay: true, signal }),
    placeholderData: keepPreviousData,
  });

  const setParam = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete(key);
      else next.set(key, value);
      if (key === 'tab') next.delete('page');
      return next;
    });
  /** a saved job card or its results: every lab answer (the lists, the job, the typed names) loads again */
  const refresh = () => invalidate([apiFeatures.lab]);
  const closeDialogs = () => setParams((prev) => {
    const next = new URLSearchParams(prev);
    next.delete('job');
    next.delete('results');
    return next;
  });

  return (
    <div>
      <PageTitle />
      <Group justify="space-between" mb="xs">
        <Tabs value={tab} onChange={(v) => v && setParam('tab', v)}>
          <Tabs.List>
            {(Object.keys(TABS) as Tab[]).map((t) => (
              <Tabs.Tab key={t} value={t} data-testid={`jobs-tab-${t}`}>{TABS[t].label}</Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Group gap="xs">
          <TextInput size="xs" placeholder="Search jobs" leftSection={<IconSearch size={14} />} defaultValue={table.search} data-testid="jobs-search"
            onKeyDown={(e) => { if (e.key === 'Enter') setTable({ search: e.currentTarget.value, page: 1 }); }} />
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setParam('job', 'create')} data-testid="jobs-create">Create Job</Button>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="sm" data-testid="jobs-grid">
        {list.data?.rows.map((job) => (
          <JobCardView key={job.id} job={job} onOpen={(id) => setParam('results', String(id))} onEdit={(id) => setParam('job', String(id))} />
        ))}
      </SimpleGrid>
      {list.data && list.data.rows.length === 0 && <Text size="sm" c="dimmed" mt="sm" data-testid="jobs-empty">No jobs.</Text>}
      {list.isError && <Text size="sm" c="red">Error loading table data</Text>}
      <Pager page={table.page} rowsPerPage={table.rowsPerPage} total={list.data?.total ?? 0}
        onPage={(page) => setTable({ page })} onRowsPerPage={(rowsPerPage) => setTable({ rowsPerPage, page: 1 })} />
      {jobParam && (
        <JobCardDialog
          key={jobParam}
          jobId={jobParam === 'create' ? 'create' : Number(jobParam)}
          onClose={closeDialogs}
          onSaved={() => { closeDialogs(); void refresh(); }}
        />
      )}
      {resultsId && (
        <JobResultsDialog key={resultsId} jobId={resultsId} onClose={closeDialogs} onSaved={() => { closeDialogs(); void refresh(); }} />
      )}
    </div>
  );
}
