import { Alert, Box, Button, Group, Progress, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { type CaptureSyncJob, LEAF_MESSAGES, apiFeatures, captureSyncSummary } from '@sapwood/contracts';
import { useElapsedSeconds } from '../../components/ui/OutsideWait';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { syncUnderWay, useSyncJob } from '../../lib/syncJob';

type Endpoints = typeof apiFeatures.leafs | typeof apiFeatures.farmersSamples;

/**
 * The kind's capture sync, as the screen follows it (`useSyncJob`): Sync to start one, and when a job this
 * screen saw under way ends: the lists refreshed, a snack, and the report of its refused captures or its failure.
 */
export function useCaptureSync(ep: Endpoints) {
  const [report, setReport] = useState<CaptureSyncJob | null>(null);
  const { job, busy, start } = useSyncJob<CaptureSyncJob>(ep, (ended) => {
    setReport(ended);
    if (ended.status === 'failed') notify.error(ended.error ?? LEAF_MESSAGES.failed);
    else if (ended.result?.ok) notify.success(`Synced: ${captureSyncSummary(ended.result)}`);
    else notify.error(ended.result?.error ?? LEAF_MESSAGES.failed);
  });
  return {
    job,
    busy,
    start,
    /** the ended sync whose report is shown (refused captures, failure), until closed */
    report,
    closeReport: () => setReport(null),
  };
}
export type CaptureSync = ReturnType<typeof useCaptureSync>;

/** Sync, then while a sync is under way a small progress bar, else when the last one ended and what it did. */
export function SyncControls({ sync }: { sync: CaptureSync }) {
  const { job } = sync;
  const seconds = useElapsedSeconds(job?.status === 'running', job?.startedAt);
  return (
    <Group gap="xs" wrap="nowrap">
      {job && syncUnderWay(job) && (
        <Group gap={6} wrap="nowrap" data-testid="leaf-sync-progress">
          <Progress value={job.progress} w={90} size="sm" animated aria-label="Sync progress" />
          <Text size="xs" c="dimmed">
            {job.status === 'queued' ? 'Waiting to sync…' : `${job.message ?? `Syncing… ${job.progress}%`}${seconds === null ? '' : ` ${seconds} s`}`}
          </Text>
        </Group>
      )}
      {job && !syncUnderWay(job) && (
        <Text size="xs" c="dimmed" data-testid="leaf-sync-last">
          Last sync {formatDateTime(job.finishedAt)}: {job.status === 'failed' || !job.result ? 'failed' : job.result.ok ? captureSyncSummary(job.result) : 'nothing imported'}
        </Text>
      )}
      <Button size="xs" leftSection={<IconRefresh size={14} />} loading={sync.busy} onClick={sync.start} data-testid="leaf-sync">
        Sync
      </Button>
    </Group>
  );
}

/**
 * The report of a sync this screen saw end: each capture it refused (new, or refused before and still) with
 * its reason, up to the first 50 and how many more, and the way to the Refused tab; or why it failed.
 */
export function SyncReport({ sync, onShowRefused }: { sync: CaptureSync; onShowRefused?: () => void }) {
  const r = sync.report;
  if (!r) return null;
  const result = r.status === 'done' ? r.result : null;
  if (result && result.ok && result.refused === 0) return null;
  const more = result ? result.refused - result.refusedCaptures.length : 0;
  return (
    <Alert color={result?.ok ? 'yellow' : 'red'} p="xs" mb="xs" withCloseButton onClose={sync.closeReport} data-testid="leaf-sync-report">
      {result?.ok ? (
        <>
          <Text size="sm">{result.refused} captures could not be imported and are kept with their reason:</Text>
          <Box component="ul" m={0} pl="md" mah={160} style={{ overflowY: 'auto' }}>
            {result.refusedCaptures.map((c) => <Text component="li" key={c.key} size="xs">{c.key}: {c.reason}</Text>)}
          </Box>
          {more > 0 && <Text size="xs" c="dimmed">and {more} more</Text>}
          {onShowRefused && <Button size="compact-xs" variant="light" color="yellow" mt={4} onClick={onShowRefused} data-testid="leaf-sync-show-refused">Show the refused captures</Button>}
        </>
      ) : <Text size="sm">{result?.error ?? r.error ?? LEAF_MESSAGES.failed}</Text>}
    </Alert>
  );
}
