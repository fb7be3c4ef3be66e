import { Button, List, Stack, Text, Title } from '@mantine/core';
import { POST_RESULT_MESSAGES as M, type PostResult } from '@sapwood/contracts';
import type { z } from 'zod';
import { AppDialog } from './AppDialog';

/**
 * What a post to MFW did: a Success list and a Failed list ('Nothing successful', 'Nothing failed' when empty).
 * The carbohydrate report's upload and the submissions' post to MFW show it.
 */
export function PostResultsDialog({ results, onClose }: { results: z.output<typeof PostResult>[] | null; onClose: () => void }) {
  const ok = results?.filter((r) => r.status === 'Success') ?? [];
  const failed = results?.filter((r) => r.status === 'Failed') ?? [];
  return (
    <AppDialog opened={results !== null} onClose={onClose} title={M.title} size="md" data-testid="post-results" actions={<Button onClick={onClose}>Close</Button>}>
      <Stack gap="xs">
        <Title order={6} c="teal">{M.success}</Title>
        {ok.length
          ? <List size="sm" data-testid="post-results-success">{ok.map((r, i) => <List.Item key={`${i}-${r.message}`}>{r.message}</List.Item>)}</List>
          : <Text size="sm" c="dimmed">{M.nothingSuccessful}</Text>}
        <Title order={6} c="red">{M.failed}</Title>
        {failed.length
          ? <List size="sm" data-testid="post-results-failed">{failed.map((r, i) => <List.Item key={`${i}-${r.message}`}>{r.message}</List.Item>)}</List>
          : <Text size="sm" c="dimmed">{M.nothingFailed}</Text>}
      </Stack>
    </AppDialog>
  );
}
