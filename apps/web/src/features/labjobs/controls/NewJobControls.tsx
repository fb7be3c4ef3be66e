import { ActionIcon, Box, Group, Select, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ANALYTE_LABELS, apiFeatures } from '@sapwood/contracts';
import { useEndpointQuery } from '../../../lib/query';

/**
 * The control rows of a job card not saved yet (issue 37): lots chosen from the active ones, kept here and sent
 * with the card's first save (`controlLotIds`, one transaction). Keyboard: Tab into the picker, type or arrow to a
 * lot, Enter adds it and the picker is ready for the next; Tab moves on.
 */
export function NewJobControls({ lotIds, onChange }: { lotIds: number[]; onChange: (ids: number[]) => void }) {
  const lots = useEndpointQuery(apiFeatures.qc.activeLots, {});
  const byId = new Map((lots.data ?? []).map((l) => [l.id, l]));
  return (
    <Box mt="sm" data-testid="control-rows">
      <Text fw={600} size="sm" mb={4}>Controls</Text>
      {lotIds.length === 0 && <Text size="xs" c="dimmed" data-testid="controls-none">No controls chosen yet: a job needs a control result before it can be completed.</Text>}
      {lotIds.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {lotIds.map((id, i) => {
              const l = byId.get(id);
              return (
                <Table.Tr key={`${id}-${i}`} data-testid={`control-row-${i}`}>
                  <Table.Td fz="xs">{l ? `${l.name} · ${l.lot} · ${ANALYTE_LABELS[l.analyte]}` : `Lot ${id}`}</Table.Td>
                  <Table.Td fz="xs" c="dimmed">{l ? `${l.mean} ± ${l.sd}` : ''}</Table.Td>
                  <Table.Td w={36}>
                    <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove control ${l?.lot ?? id}`} onClick={() => onChange(lotIds.filter((_, k) => k !== i))} data-testid={`control-remove-${i}`}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="xs" mt={4}>
        <Select
          size="xs" placeholder="Add a control lot" aria-label="Add a control lot" value={null} searchable data-testid="control-lot-choose"
          data={(lots.data ?? []).map((l) => ({ value: String(l.id), label: `${l.name} · ${l.lot} (${ANALYTE_LABELS[l.analyte]})` }))}
          onChange={(v) => v && onChange([...lotIds, Number(v)])}
        />
      </Group>
    </Box>
  );
}
