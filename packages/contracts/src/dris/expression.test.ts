import { describe, expect, it } from 'vitest';
import { FormulaGraphFormulaSchema } from '../features/drisgraphs';
import type { DrisNorm } from './engine';
import { evaluate, formulaErrorText, parseFormula } from './expression';
import { formulaGraphValues } from './formula-graph';

const errorOf = (text: string, names: string[] = []) => {
  const p = parseFormula(text, names);
  return p.ok ? null : formulaErrorText(p.error);
};

describe('formula expressions (jsep, restricted)', () => {
  it('takes elements, allowed names, numbers, + - * /, unary minus and parentheses', () => {
    const p = parseFormula('(NP + -NK) / 2 * 1.5 - Ca', ['NP', 'NK']);
    expect(p.ok).toBe(true);
    const values: Record<string, number> = { NP: 4, NK: 2, Ca: 1 };
    expect(p.ok && evaluate(p.formula, (n) => values[n])).toBe(((4 - 2) / 2) * 1.5 - 1);
  });

  it('refuses an unknown name, a syntax error and anything but arithmetic, with the position', () => {
    expect(errorOf('N / Px')).toBe("Unknown name 'Px' at position 5");
    expect(errorOf('n / P')).toBe("Unknown name 'n' at position 1");
    expect(errorOf('N / (P')).toBe('Unclosed ( at position 7');
    expect(errorOf('N /')).toBe('Expected expression after / at position 4');
    expect(errorOf('N ** P')).toBe("Operator '**' is not allowed at position 3");
    expect(errorOf('N P')).toBe('Missing operator at position 3');
    expect(errorOf('N, P')).toBe('Missing operator at position 2');
    expect(errorOf('sqrt(N)')).toBe('Functions are not allowed at position 5');
    expect(errorOf('"N"')).toBe('Only numbers are allowed, not "N" at position 1');
    expect(errorOf('N.P')).toMatch(/^Only numbers, names and \+ - \* \/ are allowed/);
    expect(errorOf('N == P')).toBe("Operator '==' is not allowed at position 3");
    expect(errorOf('constructor')).toBe("Unknown name 'constructor' at position 1");
    expect(errorOf('  ')).toBe('Expression required at position 1');
  });

  it('gives no value when a name has none or a division is by zero (never 0)', () => {
    const p = parseFormula('N / P');
    expect(p.ok && evaluate(p.formula, (n) => (n === 'N' ? 1 : undefined))).toBeUndefined();
    expect(p.ok && evaluate(p.formula, (n) => (n === 'N' ? 1 : 0))).toBeUndefined();
  });
});

describe('formula graph rules (the schema the screen and the server share)', () => {
  const issues = (formula: unknown) => {
    const r = FormulaGraphFormulaSchema.safeParse(formula);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('names each mistake on its field', () => {
    expect(issues({
      relationships: [{ name: 'NP', expression: 'N/P' }, { name: 'NP', expression: 'N/Q' }, { name: 'K', expression: '' }, { name: '', expression: 'K/P' }],
      values: [{ element: 'N', expression: 'NP + NK' }, { element: 'N', expression: '1' }, { element: 'Xx', expression: '' }],
    })).toEqual([
      ['relationships.1.name', 'Name must be unique'],
      ['relationships.1.expression', "Unknown name 'Q' at position 3"],
      ['relationships.2.name', 'K is an element: give the relationship another name'],
      ['relationships.2.expression', '- required'],
      ['relationships.3.name', '- required'],
      ['values.0.expression', "Unknown name 'NK' at position 6"],
      ['values.1.element', 'Each element once'],
      ['values.2.element', expect.stringMatching(/^Choose an element: N, P, K/)],
      ['values.2.expression', '- required'],
    ]);
    expect(issues({ relationships: [{ name: 'NP', expression: 'N/P' }], values: [{ element: 'N', expression: 'NP * 2' }] })).toEqual([]);
    // at least one value (spec part 2 §5)
    expect(issues({ relationships: [{ name: 'NP', expression: 'N/P' }], values: [] })).toEqual([['values', '- required']]);
  });
});

describe('formula graph values', () => {
  const norms: DrisNorm[] = [{ expression: 'N/P', mean: 12.5, cv: 20 }, { expression: 'N / K', mean: 2.0, cv: 25 }];
  const graph = {
    alternateFunction: false,
    formula: {
      relationships: [{ name: 'NP', expression: 'N/P' }, { name: 'NK', expression: 'N/K' }, { name: 'KP', expression: 'K/P' }],
      values: [{ element: 'N', expression: '(NP + NK) / 2' }, { element: 'P', expression: '-NP' }, { element: 'K', expression: 'KP - NK' }],
    },
  };
  it('each relationship is f of its norm (the engine’s worked example), each element its expression', () => {
    const v = formulaGraphValues(graph, { N: 2.8, P: 0.15, K: 1.0 }, norms);
    expect(v.N).toBeCloseTo(20.33, 2);
    expect(v.P).toBeCloseTo(-24.67, 2);
    // K/P has no norm: no value for K, not 0
    expect(v.K).toBeUndefined();
    // the alternate function (Jones): the same here above the mean
    expect(formulaGraphValues({ ...graph, alternateFunction: true }, { N: 2.8, P: 0.15, K: 1.0 }, norms).N).toBeCloseTo(20.33, 2);
    // P not analysed: no value for N's or P's expression
    expect(formulaGraphValues(graph, { N: 2.8, K: 1.0 }, norms)).toEqual({});
  });
});
