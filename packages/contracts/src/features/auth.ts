import { z } from 'zod';
import { Empty, Ok, endpoint } from '../endpoint';
import { storableText, text } from '../fields';

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
  /** the error-reporting service (SENTRY_DSN, SENTRY_ENVIRONMENT), null without one: crashes then go to the server (issue 35) */
  errorReporting: z.object({ dsn: z.string(), environment: z.string() }).nullable(),
  /** the signed-in user's id (0 when none), named in crash reports */
  userId: z.number().int(),
});
export type StartupData = z.infer<typeof StartupData>;

const Email = text({ max: 254 });
/** A password as typed: never trimmed or changed (ASVS 6.2.8), any characters. */
const Password = text({ max: 1024, trim: false });
const Token = text({ max: 256, trim: false });

/** The password policy (ASVS 6.2): long enough and not a common password; no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;

/** The messages of the sign-in and password-reset forms. */
export const AUTH_FORM_MESSAGES = {
  emailRequired: 'Email required',
  passwordRequired: 'Password is required',
  passwordsDiffer: 'Password and Confirm Password should match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',
} as const;

/** Characters counted as Unicode code points: an emoji is one, not the two UTF-16 units of `length`. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * A new password: required, at least PASSWORD_MIN_LENGTH characters; any characters (spaces, accents, emoji).
 * Whether it is a common password is checked by the server, which holds the list.
 */
export const NewPassword = z
  .string({ error: AUTH_FORM_MESSAGES.passwordRequired })
  .min(1, { message: AUTH_FORM_MESSAGES.passwordRequired, abort: true })
  .max(1024, { message: 'Password must be at most 1024 characters long', abort: true })
  .check(storableText)
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, { message: AUTH_FORM_MESSAGES.passwordTooShort, abort: true });

const LoginInput = z.object({ email: Email, password: Password });
const ResetInput = z.object({ token: Token.min(1), password: NewPassword });

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

const TOO_MANY = { 429: 'Too many attempts from this address or for this account: retry after Retry-After seconds' };

export const authEndpoints = {
  login: endpoint({
    method: 'POST', path: '/api/auth/login', writes: { unversioned: 'action', reason: 'signs in: makes a session and counts the attempt' }, access: { public: true }, answers: TOO_MANY,
    input: LoginInput,
    output: LoginResult,
  }),
  initial: endpoint({ method: 'POST', path: '/api/auth/initial', writes: 'nothing', access: { public: true }, input: Empty, output: StartupData }),
  logout: endpoint({ method: 'GET', path: '/api/auth/logout', writes: { unversioned: 'action', reason: 'ends the session' }, access: { public: true }, input: Empty, output: Ok }),
  forgot: endpoint({
    method: 'POST', path: '/api/auth/forgot', writes: { unversioned: 'action', reason: 'mails a reset link (a new single-use token)' }, access: { public: true }, answers: TOO_MANY,
    input: z.object({ email: Email }),
    output: Ok,
  }),
  checkToken: endpoint({
    method: 'POST', path: '/api/auth/checktoken', writes: { unversioned: 'action', reason: 'counts the attempt' }, access: { public: true }, answers: TOO_MANY,
    input: z.object({ token: Token }),
    output: z.object({ valid: z.boolean() }),
  }),
  reset: endpoint({
    method: 'POST', path: '/api/auth/reset', writes: { unversioned: 'action', reason: 'sets the password through a single-use token' }, access: { public: true }, answers: TOO_MANY,
    input: ResetInput,
    output: z.object({ valid: z.boolean() }),
  }),
};
