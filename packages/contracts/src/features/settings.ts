import { z } from 'zod';
import { RowVersion, decimal } from '../fields';
import { Empty, endpoint } from '../endpoint';
import { Limits } from './auth';

const LimitValue = decimal({ min: 0, max: 1_000_000, message: 'Must be a number', finiteMessage: 'Must be a finite number', minMessage: 'Must not be negative', maxMessage: 'Must be at most 1000000' });

export const SETTINGS_MESSAGES = {
  changed: 'The settings were changed by someone else meanwhile. Reload and try again.',
} as const;

/** The lab's limits with the version read (a save over a newer one answers 409). */
export const SettingsRecord = Limits.extend({ rowVersion: z.number().int() });
export type SettingsRecord = z.output<typeof SettingsRecord>;

export const settingsEndpoints = {
  get: endpoint({ method: 'POST', path: '/api/settings/get', writes: 'nothing', access: { session: true }, input: Empty, output: SettingsRecord }),
  update: endpoint({
    method: 'POST', path: '/api/settings/update', writes: { version: 'rowVersion' }, access: { permission: 'Settings' },
    input: z.object({ sugarLimit: LimitValue, starchLimit: LimitValue, rowVersion: RowVersion }),
    output: SettingsRecord,
  }),
};
