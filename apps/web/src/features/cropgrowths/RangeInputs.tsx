import { Group, Text } from '@mantine/core';
import type { GrowthRange } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';

const PARTS = ['min', 'med', 'max'] as const;

/** Min, Med and Max of one range (% of dry matter, 0–100); `errorKey` is the field path of the range ('sugar', 'growths.0.sugar'). */
export function RangeInputs(props: {
  label: string;
  value: GrowthRange;
  onChange: (r: GrowthRange) => void;
  /** a field's message by its path (the form's `errorOf`) */
  errorOf: (path: string) => string | undefined;
  errorKey: string;
  disabled?: boolean;
  testId: string;
  compact?: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {!props.compact && <Text size="sm" w={56} pt={props.compact ? 0 : 28}>{props.label}</Text>}
      {PARTS.map((p) => (
        <NumericInput
          key={p}
          label={props.compact ? undefined : p[0].toUpperCase() + p.slice(1)}
          aria-label={`${props.label} ${p}`}
          size={props.compact ? 'xs' : 'sm'}
          w={props.compact ? 64 : 90}
          value={props.value[p]}
          onChange={(v) => props.onChange({ ...props.value, [p]: v })}
          // text that is not a number: the form holds NaN, which the contract refuses at the field
          onInvalidChange={(invalid) => { if (invalid) props.onChange({ ...props.value, [p]: Number.NaN }); }}
          error={props.errorOf(`${props.errorKey}.${p}`)}
          disabled={props.disabled}
          data-testid={`${props.testId}-${p}`}
        />
      ))}
    </Group>
  );
}
