import { DateInput, type DateInputProps } from '@mantine/dates';
import type { Ref } from 'react';
import { DATE_FORMAT, parseDay } from '@sapwood/contracts';

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** the day as 'YYYY-MM-DD' (empty for none) */
  value: string;
  /** a new day as 'YYYY-MM-DD'; not called for text that is not a day (the field goes back to the day it held) */
  onChange: (day: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The app's one date picker: shows and reads day/month/year (the contracts' `DATE_FORMAT`), typed
 * (7/3/2026, 07-03-2026, 2026-03-07) or picked from its calendar, whatever the browser's locale.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  return (
    <DateInput
      {...rest}
      value={value || null}
      valueFormat={DATE_FORMAT}
      dateParser={parseDay}
      firstDayOfWeek={1}
      popoverProps={{ withinPortal: true, ...rest.popoverProps }}
      onChange={(day) => {
        if (day) onChange(day);
      }}
    />
  );
}
