import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useState } from 'react';
import type { ColumnChoice } from './columnChoice';

export interface ChoosableColumn {
  id: string;
  label: string;
}

/**
 * The column chooser of a list with many columns: a box per column (shown when ticked). A choice shows as it is
 * made and is kept (for the user, `useColumnChoice`) once, when the chooser closes.
 */
export function ColumnChooser({ columns, choice }: { columns: ChoosableColumn[]; choice: ColumnChoice }) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    choice.commit();
  };
  const toggle = (id: string, shown: boolean) => {
    const next = shown ? choice.hidden.filter((h) => h !== id) : [...choice.hidden, id];
    // in the order of the list's columns, so that one choice is stored one way
    choice.preview(columns.map((c) => c.id).filter((c) => next.includes(c)));
  };
  return (
    <Popover opened={opened} onDismiss={close} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Columns">
          <ActionIcon variant="light" color="gray" aria-label="Columns" aria-expanded={opened} data-testid="column-chooser" onClick={() => (opened ? close() : setOpened(true))}>
            <IconColumns3 size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="column-chooser-list">
        <Text size="xs" fw={600} mb={4}>Columns shown</Text>
        <Stack gap={4} mah={420} style={{ overflowY: 'auto' }}>
          {columns.map((c) => (
            <Checkbox key={c.id} size="xs" label={c.label} checked={!choice.hidden.includes(c.id)} onChange={(e) => toggle(c.id, e.currentTarget.checked)} data-testid={`column-${c.id}`} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
