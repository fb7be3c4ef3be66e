import { Button, List, Stack, Text, Title } from '@mantine/core';
import type { PostResult } from '@sapwood/contracts';
import type { z } from 'zod';
import { AppDialog } from '../../../components/ui/AppDialog';

/** What a post to MFW did: a Success list and a Failed list. */
export function PostResultsDialog({ results, onClose }: { results: z.output<typeof PostResult>[] | null; onClose: () => void }) {
  const ok = results?.filter((r) => r.status === 'Success') ?? [];
  const failed = results?.filter((r) => r.status === 'Failed') ?? [];
  return (
    <AppDialog opened={results !== null} onClose={onClose} title="Posted result" size="md" data-testid="post-results" actions={<Button onClick={onClose}>Close</Button>}>
      <Stack gap="xs">
        <Title order={6} c="teal">Success</Title>
        {ok.length ? <List size="sm">{ok.map((r) => <List.Item key={r.message}>{r.message}</List.Item>)}</List> : <Text size="sm" c="dimmed">Nothing successful</Text>}
        <Title order={6} c="red">Failed</Title>
        {failed.length ? <List size="sm">{failed.map((r) => <List.Item key={r.message}>{r.message}</List.Item>)}</List> : <Text size="sm" c="dimmed">Nothing failed</Text>}
      </Stack>
    </AppDialog>
  );
}
