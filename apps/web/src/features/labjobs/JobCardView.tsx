import { ActionIcon, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { JobListItem } from '@sapwood/contracts';
import { formatDate } from '../../lib/format';

/** Up to 3 entity names, then an ellipsis. */
export function entityNames(names: string[]): string {
  return names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>{label}</Text>
      <Text size="xs" truncate data-testid={testId}>{value}</Text>
    </Group>
  );
}

/**
 * A job card: 'J' + id, entities, farms, first-to-last sample, completed/total, created on/by, received on.
 * A click anywhere on it opens the job's results; by keyboard its title is the button that does (the card itself
 * is no button, so its Edit button is not nested in one).
 */
export function JobCardView({ job, onOpen, onEdit }: { job: JobListItem; onOpen: (id: number) => void; onEdit: (id: number) => void }) {
  return (
    <Card withBorder padding="sm" style={{ cursor: 'pointer' }} data-testid={`job-card-${job.id}`} onClick={() => onOpen(job.id)}>
      <Group justify="space-between" mb={4}>
        <UnstyledButton fw={700} aria-label={`J${job.id}: open results`} data-testid="job-card-title"
          onClick={(e) => { e.stopPropagation(); onOpen(job.id); }}>
          J{job.id}
        </UnstyledButton>
        <Tooltip label="Edit job">
          <ActionIcon variant="subtle" size="sm" aria-label={`Edit J${job.id}`} data-testid={`job-edit-${job.id}`}
            onClick={(e) => { e.stopPropagation(); onEdit(job.id); }}>
            <IconPencil size={15} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap={1}>
        <Line label="Entities" value={entityNames(job.entities)} testId="job-card-entities" />
        <Line label="Farms" value={job.farms.join(', ')} />
        <Line label="Samples" value={job.firstSample === job.lastSample ? job.firstSample : `${job.firstSample} – ${job.lastSample}`} testId="job-card-samples" />
        <Line label="Completed" value={`${job.samplesCompleted}/${job.samples}`} testId="job-card-completed" />
        <Line label="Created on" value={formatDate(job.created)} />
        <Line label="Created by" value={job.createdBy} />
        <Line label="Received on" value={formatDate(job.received)} />
      </Stack>
    </Card>
  );
}
