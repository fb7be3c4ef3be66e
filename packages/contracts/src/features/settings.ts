import { z } from 'zod';
import { Empty, endpoint } from '../endpoint';
import { Limits } from './auth';

const LimitValue = z.number({ error: 'Must be a number' }).finite('Must be a finite number').min(0, 'Must not be negative').max(1_000_000);

export const settingsEndpoints = {
  get: endpoint({ method: 'POST', path: '/api/settings/get', access: { session: true }, input: Empty, output: Limits }),
  update: endpoint({
    method: 'POST', path: '/api/settings/update', access: { permission: 'Settings' },
    input: z.object({ sugarLimit: LimitValue, starchLimit: LimitValue }),
    output: Limits,
  }),
};
