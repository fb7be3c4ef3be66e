import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { ELEMENT_OF_KEY, GRAPH_SETS, GRAPH_SET_LABELS, GRAPH_SET_NAMES, type NormRange } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';

const PARTS = ['min', 'med', 'max'] as const;

/**
 * The seven graph sets of one norm set (a crop's, a cultivar's or a stage's) and its provenance, bound to
 * a form at `prefix` ('norms', 'entities.2.norms'): per set its Selected flag, per element Min, Med and
 * Max in the lab's unit of the element, each message at its field (text that is not a number is refused there:
 * the form holds NaN, which the contract refuses).
 */
export function GraphSetsEditor<T extends FieldValues>(props: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  register: UseFormRegister<T>;
  prefix: string;
  errorOf: (path: string) => string | undefined;
  testId: string;
}) {
  const { control, prefix, errorOf, testId } = props;
  const path = (p: string) => `${prefix}.${p}` as never;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
        {GRAPH_SET_NAMES.map((set) => (
          <Stack key={set} gap={4} p={6} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} data-testid={`${testId}-${set}`}>
            <Controller control={control} name={path(`graphs.${set}.selected`)} render={({ field }) => (
              <Checkbox size="xs" label={<Text size="sm" fw={600}>{GRAPH_SET_LABELS[set]}</Text>} checked={!!field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)} aria-label={`${GRAPH_SET_LABELS[set]} selected`} />
            )} />
            {GRAPH_SETS[set].map((key) => (
              <Controller key={key} control={control} name={path(`graphs.${set}.${key}`)} render={({ field }) => {
                const value = (field.value as NormRange | undefined) ?? { min: null, med: null, max: null };
                const element = ELEMENT_OF_KEY[key];
                return (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Text size="xs" w={48} pt={6}>{element}</Text>
                    {PARTS.map((p) => (
                      <NumericInput key={p} size="xs" w={76} placeholder={p} aria-label={`${GRAPH_SET_LABELS[set]} ${element} ${p}`}
                        value={value[p]} onChange={(v) => field.onChange({ ...value, [p]: v })}
                        onInvalidChange={(invalid) => { if (invalid) field.onChange({ ...value, [p]: Number.NaN }); }}
                        error={errorOf(`${prefix}.graphs.${set}.${key}.${p}`)} data-testid={`${testId}-${key}-${p}`} />
                    ))}
                  </Group>
                );
              }} />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
      <Group grow align="flex-start">
        <TextInput size="xs" label="Source (citation or 'lab')" {...props.register(path('provenance.source'))} error={errorOf(`${prefix}.provenance.source`)} data-testid={`${testId}-source`} />
        <TextInput size="xs" label="Method" {...props.register(path('provenance.method'))} />
        <TextInput size="xs" label="Tissue" {...props.register(path('provenance.tissue'))} />
      </Group>
      <Controller control={control} name={path('provenance.demo')} render={({ field }) => (
        <Checkbox size="xs" label="Demo data (illustrative, not for reports to clients)" checked={!!field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
      )} />
    </Stack>
  );
}
