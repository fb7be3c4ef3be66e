import type { MatchExtended, ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * How hard a password is to guess, estimated by zxcvbn-ts with its common and English dictionaries (common
 * passwords, words, names, Wikipedia, keyboard rows, dates, years, sequences, repeats), the user's own email and
 * name, and the app's name (ADR 0107). Its score runs 0–4; 3 is the floor, and the app asks for 4 (about
 * 10^10 guesses): the realistic weak passwords people choose when told "12 characters" (a common word or name with
 * a year and a symbol or two: `Summer2026!!!`, `Sapwood2026!!`) score 3, at the very bottom of its range.
 */
export const MIN_SCORE = 4;

/** Words that name this app: a password built on one is as guessable as one built on the user's name. */
export const APP_WORDS = ['sapwood'] as const;

/**
 * Only the first 64 characters are judged (a password whose first 64 characters are hard to guess is), and few
 * look-alike swaps are tried: that bounds the estimate's time (about a millisecond for a usual password, and well
 * under a second for the worst one made up to be slow), which runs only for a live reset link.
 */
const LIMITS = { maxLength: 64, l33tMaxSubstitutions: 10 };

let estimator: Promise<ZxcvbnFactory> | null = null;

/** The dictionaries (a few MB) are loaded on first use, not at start. */
function strength(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        ...LIMITS,
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

/** The user's email and name, whole and in their parts ('thandi.mokoena@lab.example' gives thandi and mokoena too). */
export function personalInputs(inputs: readonly string[]): string[] {
  const out = new Set<string>();
  for (const input of inputs) {
    const text = input.trim().toLowerCase();
    if (!text) continue;
    out.add(text);
    const [local, domain] = text.split('@');
    for (const part of [local, ...(domain ? [domain.split('.')[0]] : []), ...text.split(/[\s@._+-]+/)]) if (part && part.length >= 3) out.add(part);
  }
  return [...out];
}

/** What a weak part of a password is, in words: [one, several]. */
const PHRASES = {
  password: ['a common password', 'common passwords'],
  word: ['a common word', 'common words'],
  name: ['a common name', 'common names'],
  number: ['a common number', 'common numbers'],
  personal: ['your name or email', 'your name or email'],
  app: ["this app's name", "this app's name"],
  year: ['a year', 'years'],
  date: ['a date', 'dates'],
  sequence: ['a sequence like abc or 123', 'sequences like abc or 123'],
  repeat: ['repeated characters', 'repeated characters'],
  keyboard: ['a row of keys', 'rows of keys'],
} as const satisfies Record<string, readonly [string, string]>;

type Part = { phrase: readonly [string, string]; adjective: string };

/** A short stretch zxcvbn could not name (up to this many characters) is "a few digits and symbols". */
const SHORT = 6;

function dictionaryPart(m: MatchExtended, appWords: ReadonlySet<string>): Part {
  const name = String(m.dictionaryName ?? '');
  const adjective = m.l33t ? 'disguised ' : m.reversed ? 'reversed ' : '';
  if (name === 'userInputs') return { phrase: appWords.has(String(m.matchedWord).toLowerCase()) ? PHRASES.app : PHRASES.personal, adjective: '' };
  if (/^\d+$/.test(m.token)) return { phrase: PHRASES.number, adjective };
  if (name.startsWith('passwords')) return { phrase: PHRASES.password, adjective };
  if (name.startsWith('firstnames') || name.startsWith('lastnames')) return { phrase: PHRASES.name, adjective };
  return { phrase: PHRASES.word, adjective };
}

/** "a few digits and symbols", "a few letters": what a short unnamed stretch is made of. */
function fewOf(token: string): Part {
  const kinds = [/\p{N}/u.test(token) && 'digits', /\p{L}/u.test(token) && 'letters', /[^\p{N}\p{L}]/u.test(token) && 'symbols'].filter(Boolean) as string[];
  const few = `a few ${andList(kinds)}`;
  return { phrase: [few, few], adjective: '' };
}

function partOf(m: MatchExtended, appWords: ReadonlySet<string>): Part | null {
  switch (m.pattern) {
    case 'dictionary': return dictionaryPart(m, appWords);
    case 'wordSequence': return { phrase: PHRASES.word, adjective: '' };
    case 'regex': return { phrase: PHRASES.year, adjective: '' };
    case 'date': return { phrase: PHRASES.date, adjective: '' };
    case 'sequence': return { phrase: PHRASES.sequence, adjective: '' };
    case 'repeat': return { phrase: PHRASES.repeat, adjective: '' };
    case 'spatial': return { phrase: PHRASES.keyboard, adjective: '' };
    // a long stretch zxcvbn cannot name is the strong part; separators say nothing
    case 'bruteforce': return [...m.token].length <= SHORT ? fewOf(m.token) : null;
    default: return null;
  }
}

function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "a common word with a year and a few symbols": the weak parts in the order they come, each kind once. */
export function describeWeakParts(sequence: readonly MatchExtended[], appWords: readonly string[] = APP_WORDS): string {
  const apps = new Set(appWords.map((w) => w.toLowerCase()));
  const seen = new Map<string, { part: Part; count: number }>();
  for (const m of sequence) {
    const part = partOf(m, apps);
    if (!part) continue;
    const key = part.adjective + part.phrase[0];
    const had = seen.get(key);
    if (had) had.count += 1;
    else seen.set(key, { part, count: 1 });
  }
  const words = [...seen.values()].map(({ part, count }) => {
    const [one, many] = part.phrase;
    if (!part.adjective) return count > 1 ? many : one;
    return count > 1 ? `${part.adjective}${many}` : one.replace(/^a /, `a ${part.adjective}`);
  });
  return words.length <= 1 ? (words[0] ?? '') : `${words[0]} with ${andList(words.slice(1))}`;
}

/** The refusal of a password too easy to guess, saying why; the server is the judge (the page shows its answer). */
export function tooEasyMessage(weakParts: string): string {
  const why = weakParts ? `: ${weakParts}` : '';
  return `This password is too easy to guess${why}. Add another word or two that are less common.`;
}

/** Why the password is too easy to guess, or null when zxcvbn-ts scores it MIN_SCORE or more. */
export async function strengthProblem(password: string, userInputs: readonly string[] = []): Promise<string | null> {
  const result = (await strength()).check(password, [...personalInputs(userInputs), ...APP_WORDS]);
  if (result.score >= MIN_SCORE) return null;
  return tooEasyMessage(describeWeakParts(result.sequence));
}
