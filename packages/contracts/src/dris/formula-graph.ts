import { ELEMENTS, type Element, type ElementValues, elementNamed } from './elements';
import { type DrisNorm, type DrisOptions, MIN_DRIS_CV, drisF, normTerm } from './engine';
import { inNormUnits } from './units';
import { type Formula, evaluate, formulaErrorText, parseFormula } from './expression';

/**
 * A formula graph (/drisgraphs, spec part 2 §3): named relationships (expressions of elements, e.g.
 * `NP = N/P`) and, per element, a value expression built from the relationships (`N = (NP + NK) / 2`).
 */
export interface FormulaGraphFormula {
  relationships: { name: string; expression: string }[];
  values: { element: string; expression: string }[];
}

export const FORMULA_GRAPH_MESSAGES = {
  nameRequired: 'Graph name required',
  required: '- required',
  relationshipName: 'Use letters, digits and _ only, starting with a letter',
  relationshipIsElement: (name: string) => `${name} is an element: give the relationship another name`,
  relationshipTaken: 'Name must be unique',
  element: `Choose an element: ${ELEMENTS.join(', ')}`,
  elementTwice: 'Each element once',
  success: 'success',
} as const;

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Every mistake of a formula graph's formula, on the field it is about (`formula.relationships.0.expression`):
 * the same rule code the server runs and the screen shows at the field.
 */
export function formulaIssues(formula: FormulaGraphFormula): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  formula.relationships.forEach((r, i) => {
    const at = ['relationships', i];
    if (!r.name.trim()) issues.push({ path: [...at, 'name'], message: FORMULA_GRAPH_MESSAGES.required });
    else if (!NAME.test(r.name)) issues.push({ path: [...at, 'name'], message: FORMULA_GRAPH_MESSAGES.relationshipName });
    else if (elementNamed(r.name)) issues.push({ path: [...at, 'name'], message: FORMULA_GRAPH_MESSAGES.relationshipIsElement(r.name) });
    else if (seen.has(r.name)) issues.push({ path: [...at, 'name'], message: FORMULA_GRAPH_MESSAGES.relationshipTaken });
    seen.add(r.name);
    if (!r.expression.trim()) issues.push({ path: [...at, 'expression'], message: FORMULA_GRAPH_MESSAGES.required });
    else {
      const p = parseFormula(r.expression);
      if (!p.ok) issues.push({ path: [...at, 'expression'], message: formulaErrorText(p.error) });
    }
  });
  const names = formula.relationships.map((r) => r.name).filter((n) => NAME.test(n));
  const elements = new Set<string>();
  // spec part 2 §5: at least one value required
  if (formula.values.length === 0) issues.push({ path: ['values'], message: FORMULA_GRAPH_MESSAGES.required });
  formula.values.forEach((v, i) => {
    const at = ['values', i];
    if (!v.element.trim()) issues.push({ path: [...at, 'element'], message: FORMULA_GRAPH_MESSAGES.required });
    else if (!elementNamed(v.element)) issues.push({ path: [...at, 'element'], message: FORMULA_GRAPH_MESSAGES.element });
    else if (elements.has(v.element)) issues.push({ path: [...at, 'element'], message: FORMULA_GRAPH_MESSAGES.elementTwice });
    elements.add(v.element);
    if (!v.expression.trim()) issues.push({ path: [...at, 'expression'], message: FORMULA_GRAPH_MESSAGES.required });
    else {
      const p = parseFormula(v.expression, names);
      if (!p.ok) issues.push({ path: [...at, 'expression'], message: formulaErrorText(p.error) });
    }
  });
  return issues;
}

const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * A formula graph's value per element for one sample: each relationship is the DRIS function f of the
 * sample's value of its expression against the crop's norm of the same expression (Beaufils, or Jones
 * when the graph's alternate function is on); each element's value expression is then evaluated from
 * them. A relationship without a norm (or one whose CV is under 1, a fraction), or with an element not
 * analysed or negative, has no value, and neither has a value expression that uses it (never 0). The sample
 * is read in the norms' units (`o.units`, as `dris`).
 */
export function formulaGraphValues(
  graph: { alternateFunction: boolean; formula: FormulaGraphFormula },
  sample: ElementValues,
  norms: readonly DrisNorm[],
  o: DrisOptions = {},
): Partial<Record<Element, number>> {
  const fn = o.fn ?? (graph.alternateFunction ? 'jones' : 'beaufils');
  const byExpression = new Map(norms.map((n) => [squash(n.expression), n]));
  const values = inNormUnits(sample, o.units);
  const elementValue = (name: string) => {
    const e = elementNamed(name);
    const v = e ? values[e] : undefined;
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
  };
  const relationships = new Map<string, number | undefined>();
  for (const r of graph.formula.relationships) {
    const p = parseFormula(r.expression);
    const norm = byExpression.get(squash(r.expression));
    const x = p.ok ? evaluate(p.formula, elementValue) : undefined;
    relationships.set(r.name, x === undefined || !norm || !(norm.mean > 0) || !(norm.cv >= MIN_DRIS_CV) || (normTerm(r.expression) && x === 0)
      ? undefined : drisF(x, norm.mean, norm.cv, { ...o, fn }));
  }
  const names = [...relationships.keys()];
  const out: Partial<Record<Element, number>> = {};
  for (const v of graph.formula.values) {
    const e = elementNamed(v.element);
    const p = parseFormula(v.expression, names);
    if (!e || !p.ok) continue;
    const value = evaluate(p.formula as Formula, (name) => (relationships.has(name) ? relationships.get(name) : elementValue(name)));
    if (value !== undefined && Number.isFinite(value)) out[e] = value;
  }
  return out;
}
