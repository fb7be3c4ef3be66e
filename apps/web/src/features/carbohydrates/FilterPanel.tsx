import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CarbohydrateFilterOptions } from '@sapwood/contracts';
import { growthPhase } from './columns';
import { type FilterValues, NO_FILTERS } from './filters';

const toId = (v: string | null) => (v ? Number(v) : 0);
const toValue = (id: number) => (id ? String(id) : null);

/** The search panel: Client, Farm Name, Field Block Number, Crop, Growth Stage (of the crop, with its tissue), Organ. */
export function FilterPanel(props: { options: CarbohydrateFilterOptions | undefined; applied: FilterValues; onApply: (f: FilterValues) => void }) {
  const [draft, setDraft] = useState<FilterValues>(props.applied);
  useEffect(() => setDraft(props.applied), [props.applied]);
  const crops = props.options?.crops ?? [];
  const crop = crops.find((c) => c.id === draft.cropId);
  const set = (patch: Partial<FilterValues>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (key: 'client' | 'farmName' | 'fieldBlockNumber', label: string) => (
    <TextInput
      label={label}
      value={draft[key]}
      data-testid={`filter-${key}`}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      onKeyDown={(e) => e.key === 'Enter' && props.onApply(draft)}
    />
  );
  return (
    <Paper withBorder p="sm" mb="sm" data-testid="filter-panel">
      <SimpleGrid cols={{ base: 2, md: 6 }} spacing="xs">
        {text('client', 'Client')}
        {text('farmName', 'Farm Name')}
        {text('fieldBlockNumber', 'Field Block Number')}
        <Select
          label="Crop"
          data-testid="filter-crop"
          data={crops.map((c) => ({ value: String(c.id), label: c.name }))}
          value={toValue(draft.cropId)}
          onChange={(v) => set({ cropId: toId(v), cropGrowthId: 0 })}
          clearable
          searchable
        />
        <Select
          label="Growth Stage"
          data-testid="filter-growth"
          data={(crop?.growths ?? []).map((g) => ({ value: String(g.id), label: growthPhase({ cropGrowth: g.name, linkedTissueName: g.linkedTissueName }) }))}
          value={toValue(draft.cropGrowthId)}
          onChange={(v) => set({ cropGrowthId: toId(v) })}
          disabled={!crop}
          placeholder={crop ? undefined : 'Choose a crop first'}
          clearable
        />
        <Select
          label="Organ"
          data-testid="filter-organ"
          data={(props.options?.tissues ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={toValue(draft.organ)}
          onChange={(v) => set({ organ: toId(v) })}
          clearable
          searchable
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs" gap="xs">
        <Button variant="default" size="xs" data-testid="filter-reset" onClick={() => props.onApply(NO_FILTERS)}>Reset</Button>
        <Button size="xs" data-testid="filter-search" onClick={() => props.onApply(draft)}>Search</Button>
      </Group>
    </Paper>
  );
}
