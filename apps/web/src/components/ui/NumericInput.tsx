import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useEffect, useState } from 'react';
import { parseNumberInput } from '../../lib/format';

export interface NumericInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: number | null;
  /** called with a finite number, or null for an empty field; never with text that is not a number */
  onChange: (value: number | null) => void;
  /** told whether the text is currently not a number (forms refuse to save then) */
  onInvalidChange?: (invalid: boolean) => void;
  decimals?: number;
}

/**
 * Accepts only finite numbers; empty means null. Text that is not a number gets a red ring and is not passed on
 * as a number: a form field is told through `onInvalidChange` (a form sets its value to NaN, which its contract
 * refuses with 'Must be a number' at the field; the text typed stays as it is).
 */
export const NumericInput = forwardRef<HTMLInputElement, NumericInputProps>(function NumericInput(
  { value, onChange, onInvalidChange, decimals, error, ...rest },
  ref,
) {
  const show = (v: number | null) => (v === null ? '' : decimals !== undefined ? v.toFixed(decimals) : String(v));
  const [text, setText] = useState(show(value));
  useEffect(() => {
    // NaN: the form holds the refusal of the text typed, which stays
    if (value !== null && Number.isNaN(value)) return;
    setText((current) => (parseNumberInput(current) === value ? current : show(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const parsed = parseNumberInput(text);
  return (
    <TextInput
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={error ?? (parsed === undefined ? true : undefined)}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        const n = parseNumberInput(t);
        onInvalidChange?.(n === undefined);
        if (n !== undefined) onChange(n);
      }}
      {...rest}
    />
  );
});
