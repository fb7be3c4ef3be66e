import { z } from 'zod';
import { decimal } from '../fields';
import { Empty, endpoint } from '../endpoint';
import { Limits } from './auth';

const LimitValue = decimal({ min: 0, max: 1_000_000, message: 'Must be a number', finiteMessage: 'Must be a finite number', minMessage: 'Must not be negative', maxMessage: 'Must be at most 1000000' });

export const settingsEndpoints = {
  get: endpoint({ method: 'POST', path: '/api/settings/get', writes: 'nothing', access: { session: true }, input: Empty, output: Limits }),
  update: endpoint({
    method: 'POST', path: '/api/settings/update', writes: { version: 'rowVersion' }, access: { permission: 'Settings' },
    input: z.object({ sugarLimit: LimitValue, starchLimit: LimitValue }),
    output: Limits,
  }),
};
