import { z } from 'zod';
import { Empty, Ok, endpoint } from '../endpoint';

export const LOGIN_RESULTS = ['Success', 'DoesNotExists', 'Archived', 'InActive', 'Locked', 'WrongPassword', 'CreatePassword'] as const;
export const LoginResult = z.enum(LOGIN_RESULTS);
export type LoginResult = z.infer<typeof LoginResult>;

/** The error catalogue's sign-in messages (spec part 1 §8). */
export const LOGIN_MESSAGES: Record<Exclude<LoginResult, 'Success'>, string> = {
  DoesNotExists: 'Account does not exists',
  Archived: 'Your account has been archived',
  InActive: 'Your account is inactive',
  Locked: 'Your account is locked',
  WrongPassword: 'Wrong email or password',
  CreatePassword: 'No password exists for this account, please create a password.',
};

export const Limits = z.object({ sugarLimit: z.number(), starchLimit: z.number() });

export const StartupData = z.object({
  authenticated: z.boolean(),
  name: z.string(),
  version: z.string(),
  updating: z.boolean(),
  isDev: z.boolean(),
  permissions: z.array(z.string()),
  availablePermissions: z.array(z.object({ group: z.string(), permissions: z.array(z.string()) })),
  languages: z.array(z.object({ id: z.number(), name: z.string() })),
  languageId: z.number().nullable(),
  settings: Limits,
});
export type StartupData = z.infer<typeof StartupData>;

const Email = z.string().trim().max(254);
const Password = z.string().max(1024);

export const authEndpoints = {
  login: endpoint({
    method: 'POST', path: '/api/auth/login', access: { public: true },
    input: z.object({ email: Email, password: Password }),
    output: LoginResult,
  }),
  initial: endpoint({ method: 'POST', path: '/api/auth/initial', access: { public: true }, input: Empty, output: StartupData }),
  logout: endpoint({ method: 'GET', path: '/api/auth/logout', access: { public: true }, input: Empty, output: Ok }),
  forgot: endpoint({
    method: 'POST', path: '/api/auth/forgot', access: { public: true },
    input: z.object({ email: z.string().trim().max(254) }),
    output: Ok,
  }),
  checkToken: endpoint({
    method: 'POST', path: '/api/auth/checktoken', access: { public: true },
    input: z.object({ token: z.string().max(256) }),
    output: z.object({ valid: z.boolean() }),
  }),
  reset: endpoint({
    method: 'POST', path: '/api/auth/reset', access: { public: true },
    input: z.object({ token: z.string().min(1).max(256), password: z.string().min(1, 'Password is required').max(1024) }),
    output: z.object({ valid: z.boolean() }),
  }),
};
