import { AUTH_FORM_MESSAGES, PASSWORD_MIN_LENGTH, passwordLength } from '@sapwood/contracts';
import { strengthProblem } from './password-strength';

/**
 * The password policy (ASVS 6.2): at least PASSWORD_MIN_LENGTH characters, not a common password, hard to guess,
 * and nothing else: any characters, no composition rules. The length is the contract's (the browser checks it
 * too); the rest is the server's own, kept out of the web bundle: the `passwords` list of
 * @zxcvbn-ts/language-common (about 49,000 passwords seen most often in breaches), then zxcvbn-ts's estimate of
 * how many guesses it takes (password-strength.ts), each loaded on first use.
 */
let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map(fold)));
  return common;
}

/** The list is lower case: 'Password1234' and a full-width 'ｐａｓｓｗｏｒｄ１２３４' are 'password1234' too. */
function fold(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

/** Whether the password is on the list of common passwords (without regard to case or width). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(fold(password));
}

/**
 * Why a chosen password is refused (the message to show on its field), or null when it may be used. `userInputs`
 * are the user's own email and name: a password built on them is easy to guess for anyone who knows them.
 */
export async function passwordProblem(password: string, userInputs: readonly string[] = []): Promise<string | null> {
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return AUTH_FORM_MESSAGES.passwordTooShort;
  if (await isCommonPassword(password)) return AUTH_FORM_MESSAGES.passwordTooCommon;
  return strengthProblem(password, userInputs);
}
