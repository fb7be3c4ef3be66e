import { Checkbox, type CheckboxProps, Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumericInput, type NumericInputProps } from '../NumericInput';

/**
 * Mantine fields bound to a react-hook-form field (ADR 0073), for values that a plain `register` cannot hold:
 * numbers typed as text, and ids picked from a list. The field's message (the contract's, or the server's)
 * shows under it.
 */
interface Bound<T extends FieldValues> {
  // the form's control, whatever its parsed-values type
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: FieldPath<T>;
}

/** A number field (`NumericInput`): empty is null; text that is not a number is refused at the field. */
export function FormNumber<T extends FieldValues>({ control, name, onValueChange, ...input }: Bound<T> &
  Omit<NumericInputProps, 'value' | 'onChange' | 'name'> & {
    /** told after the form has the new value */
    onValueChange?: (value: number | null) => void;
  }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumericInput
          {...input}
          ref={field.ref}
          value={(field.value as number | null | undefined) ?? null}
          onChange={(v) => { field.onChange(v); onValueChange?.(v); }}
          // text that is not a number: the form holds NaN, which the contract refuses at the field
          onInvalidChange={(invalid) => { if (invalid) field.onChange(Number.NaN); }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** An option of a pick list of ids. */
export interface IdOption {
  id: number;
  name: string;
}

/** A pick list of ids (`Select`): the field holds the chosen id, or `empty` (null unless told) when none is chosen. */
export function FormIdSelect<T extends FieldValues>({ control, name, options, empty = null, ...select }: Bound<T> &
  Omit<SelectProps, 'value' | 'onChange' | 'data' | 'name'> & {
    options: readonly IdOption[];
    empty?: null | undefined;
  }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...select}
          ref={field.ref}
          data={options.map((o) => ({ value: String(o.id), label: o.name }))}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : empty)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A check box bound to a boolean field. (Mantine's Checkbox renders its input's `checked` from its own
 * state, so a plain `register` would not show the form's default value.)
 */
export function FormCheckbox<T extends FieldValues>({ control, name, ...box }: Bound<T> & Omit<CheckboxProps, 'checked' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox {...box} ref={field.ref} checked={!!field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} onBlur={field.onBlur} />
      )}
    />
  );
}
