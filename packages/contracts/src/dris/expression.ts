import jsep from 'jsep';
import { ELEMENTS } from './elements';

/*
 * Formula expressions (formula graphs and DRIS norms): parsed by jsep (no eval, no Function), then
 * restricted to numbers, names from an allowed set (the elements, and a graph's relationship names),
 * + - * / between them, unary minus and parentheses. Anything else is refused with its position.
 */

export type Formula =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; of: Formula }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Formula; right: Formula };

/** An expression refused: what is wrong, and where (0-based character position in the text). */
export interface FormulaError {
  message: string;
  position: number;
}

export type Parsed = { ok: true; formula: Formula } | { ok: false; error: FormulaError };

const OPS = new Set(['+', '-', '*', '/']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Where `word` first stands as a whole word (or as text, for an operator) in `text`; 0 when not found. */
function positionOf(text: string, word: string): number {
  const re = NAME.test(word) ? new RegExp(`(?<![A-Za-z0-9_])${word}(?![A-Za-z0-9_])`) : null;
  const at = re ? text.search(re) : text.indexOf(word);
  return Math.max(0, at);
}

class Refused extends Error {
  constructor(readonly error: FormulaError) {
    super(error.message);
  }
}

function convert(text: string, node: jsep.Expression, names: ReadonlySet<string>): Formula {
  switch (node.type) {
    case 'Literal': {
      const { value, raw } = node as jsep.Literal;
      if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'number', value };
      throw new Refused({ message: `Only numbers are allowed, not ${raw}`, position: positionOf(text, raw) });
    }
    case 'Identifier': {
      const { name } = node as jsep.Identifier;
      if (names.has(name)) return { kind: 'name', name };
      throw new Refused({ message: `Unknown name '${name}'`, position: positionOf(text, name) });
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (u.operator === '-') return { kind: 'negate', of: convert(text, u.argument, names) };
      if (u.operator === '+') return convert(text, u.argument, names);
      throw new Refused({ message: `Operator '${u.operator}' is not allowed`, position: positionOf(text, u.operator) });
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      const left = convert(text, b.left, names);
      const right = convert(text, b.right, names);
      if (OPS.has(b.operator)) return { kind: 'binary', op: b.operator as '+' | '-' | '*' | '/', left, right };
      throw new Refused({ message: `Operator '${b.operator}' is not allowed`, position: positionOf(text, b.operator) });
    }
    case 'CallExpression':
      throw new Refused({ message: 'Functions are not allowed', position: Math.max(0, text.indexOf('(')) });
    case 'Compound': {
      // two expressions side by side ('N P', 'N, P'): the second starts after a separator or a space
      const gap = /[,;]|[\w.)]\s+(?=[\w(])/.exec(text);
      const position = gap ? gap.index + gap[0].length - (gap[0] === ',' || gap[0] === ';' ? 1 : 0) : 0;
      throw new Refused({ message: 'Missing operator', position });
    }
    default:
      throw new Refused({ message: 'Only numbers, names and + - * / are allowed', position: 0 });
  }
}

/**
 * Parses `text` allowing the elements and `extraNames` (a formula graph's relationship names). A syntax
 * error carries jsep's position; an unknown name or a disallowed operator, the position of its first use.
 */
export function parseFormula(text: string, extraNames: Iterable<string> = []): Parsed {
  if (!text.trim()) return { ok: false, error: { message: 'Expression required', position: 0 } };
  const names = new Set<string>([...ELEMENTS, ...extraNames]);
  try {
    return { ok: true, formula: convert(text, jsep(text), names) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.error };
    const err = e as Error & { index?: number; description?: string };
    const position = typeof err.index === 'number' ? err.index : 0;
    return { ok: false, error: { message: (err.description ?? err.message).replace(/ at character \d+$/, ''), position } };
  }
}

/** 'message at position N' — how an expression error reads in the screens and the API. */
export const formulaErrorText = (e: FormulaError) => `${e.message} at position ${e.position + 1}`;

/** The names an expression uses. */
export function namesIn(f: Formula, into = new Set<string>()): Set<string> {
  if (f.kind === 'name') into.add(f.name);
  else if (f.kind === 'negate') namesIn(f.of, into);
  else if (f.kind === 'binary') {
    namesIn(f.left, into);
    namesIn(f.right, into);
  }
  return into;
}

/** The value of an expression; undefined when a name it uses has no value (never taken as 0) or it divides by 0. */
export function evaluate(f: Formula, value: (name: string) => number | undefined): number | undefined {
  switch (f.kind) {
    case 'number':
      return f.value;
    case 'name':
      return value(f.name);
    case 'negate': {
      const v = evaluate(f.of, value);
      return v === undefined ? undefined : -v;
    }
    case 'binary': {
      const l = evaluate(f.left, value);
      const r = evaluate(f.right, value);
      if (l === undefined || r === undefined) return undefined;
      if (f.op === '+') return l + r;
      if (f.op === '-') return l - r;
      if (f.op === '*') return l * r;
      return r === 0 ? undefined : l / r;
    }
  }
}
