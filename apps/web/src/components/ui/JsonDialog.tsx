import { Code, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { AppDialog } from './AppDialog';

const pretty = (v: unknown) => (v === null || v === undefined ? '(none)' : JSON.stringify(v, null, 2));

export interface JsonPanel {
  title: string;
  value: unknown;
  testId: string;
}

/**
 * The one JSON viewer (a captured record as received, as mapped, and what was made of it): side-by-side
 * panels of pretty-printed JSON, '(none)' for a missing one; a loader while the record loads.
 */
export function JsonDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  testId: string;
  loading: boolean;
  error: boolean;
  errorText: string;
  panels: JsonPanel[];
}) {
  return (
    <AppDialog opened={props.opened} onClose={props.onClose} title={props.title} size={props.size ?? 'xl'} data-testid={props.testId}>
      {props.loading ? <Loader size="sm" /> : props.error ? <Text c="red">{props.errorText}</Text> : (
        <SimpleGrid cols={props.panels.length}>
          {props.panels.map((p) => (
            <Stack gap={4} key={p.title}>
              <Text fw={600} size="sm">{p.title}</Text>
              <Code block data-testid={p.testId}>{pretty(p.value)}</Code>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </AppDialog>
  );
}
