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

/** The messages of the sign-in and password-reset forms. */
export const AUTH_FORM_MESSAGES = {
  emailRequired: 'Email required',
  passwordRequired: 'Password is required',
  passwordsDiffer: 'Password and Confirm Password should match',
} as const;

const LoginInput = z.object({ email: Email, password: Password });
const ResetInput = z.object({ token: z.string().min(1).max(256), password: z.string().min(1, AUTH_FORM_MESSAGES.passwordRequired).max(1024) });

/**
 * The sign-in form: nothing is sent while a field is empty (the fields turn red). The server answers an
 * empty one as any unknown account, so this rule is the form's own.
 */
export const LoginForm = LoginInput.extend({
  email: Email.min(1, AUTH_FORM_MESSAGES.emailRequired),
  password: Password.min(1, AUTH_FORM_MESSAGES.passwordRequired),
});

/** The password-reset form: the reset's input, and the new password typed a second time. */
export const ResetPasswordForm = ResetInput.extend({ confirm: z.string() }).refine((v) => v.confirm === v.password, {
  message: AUTH_FORM_MESSAGES.passwordsDiffer,
  path: ['confirm'],
  // said together with a missing password, as soon as the two differ
  when: () => true,
});

export const authEndpoints = {
  login: endpoint({
    method: 'POST', path: '/api/auth/login', access: { public: true },
    input: LoginInput,
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
    input: ResetInput,
    output: z.object({ valid: z.boolean() }),
  }),
};
