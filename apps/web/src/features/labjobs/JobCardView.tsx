import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
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

/** A job card: 'J' + id, entities, farms, first-to-last sample, completed/total, created on/by, received on. */
export function JobCardView({ job, onOpen, onEdit }: { job: JobListItem; onOpen: (id: number) => void; onEdit: (id: number) => void }) {
  return (
    <Card
      withBorder
      padding="sm"
      role="button"
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      data-testid={`job-card-${job.id}`}
      onClick={() => onOpen(job.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(job.id);
      }}
    >
      <Group justify="space-between" mb={4}>
        <Text fw={700} data-testid="job-card-title">J{job.id}</Text>
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
