import { z } from 'zod';
import { FORMULA_GRAPH_MESSAGES, formulaIssues } from '../dris/formula-graph';
import { Id, RowVersion, text, versioned } from '../fields';
import { NOT_FOUND, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

/**
 * Formula graphs (/drisgraphs, spec part 2 §2, §3, §7): a name, an alternate-function flag and a formula of
 * relationships [name, expression] and values [element, expression]. Expressions are checked by
 * `dris/expression.ts` (jsep, restricted to the elements, the relationship names, numbers and + - * /).
 *
 * Payloads:
 * - getall (any signed-in user: the crop master and the reports pick from it) → every graph, by name.
 * - paged: the paging request → `{ rows, total }`; search by name; sort by name or id.
 * - insert `{ name, alternateFunction, formula }`, update `{ id, rowVersion, name, alternateFunction, formula }`
 *   → `{ error: false, message: 'success', graph }`. A mistake answers 400 `{ error: 'ValidationError',
 *   message, fields }`, each field named by its path (`formula.values.1.expression`) with its message
 *   ('Graph name required', '- required', "Unknown name 'X' at position 5"); a stale rowVersion 409.
 */
const EXPRESSION_MAX = 500;
export const FormulaRelationship = z.object({
  name: text({ max: 40, message: FORMULA_GRAPH_MESSAGES.required }),
  expression: text({ max: EXPRESSION_MAX, message: FORMULA_GRAPH_MESSAGES.required }),
});
export const FormulaValue = z.object({
  element: text({ max: 10, message: FORMULA_GRAPH_MESSAGES.required }),
  expression: text({ max: EXPRESSION_MAX, message: FORMULA_GRAPH_MESSAGES.required }),
});
export const FormulaGraphFormulaSchema = z
  .object({
    relationships: z.array(FormulaRelationship).max(100, 'At most 100 relationships'),
    values: z.array(FormulaValue).max(17, 'One value per element at most'),
  })
  .superRefine((formula, ctx) => {
    for (const issue of formulaIssues(formula)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const FormulaGraphRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  alternateFunction: z.boolean(),
  formula: z.object({
    relationships: z.array(z.object({ name: z.string(), expression: z.string() })),
    values: z.array(z.object({ element: z.string(), expression: z.string() })),
  }),
  rowVersion: z.number().int(),
});
export type FormulaGraphRecord = z.infer<typeof FormulaGraphRecord>;

const graphFields = {
  name: text({ min: 1, max: MAX_TEXT, message: FORMULA_GRAPH_MESSAGES.nameRequired }),
  alternateFunction: z.boolean({ error: 'Alternate function must be true or false' }).default(false),
  formula: FormulaGraphFormulaSchema,
};
export const FormulaGraphInsert = z.object(graphFields);
export const FormulaGraphUpdate = versioned(z.object({ id: Id, ...graphFields, rowVersion: RowVersion.optional() }));
export type FormulaGraphInput = z.input<typeof FormulaGraphInsert>;

export const FormulaGraphSaved = z.object({ error: z.literal(false), message: z.string(), graph: FormulaGraphRecord });

export const drisgraphsEndpoints = {
  getAll: endpoint({ method: 'POST', path: '/api/drisgraph/getall', writes: 'nothing', access: { session: true }, input: z.object({}), output: z.array(FormulaGraphRecord) }),
  paged: endpoint({ method: 'POST', path: '/api/drisgraph/paged', writes: 'nothing', access: { permission: 'DrisGraphs' }, input: PagedRequest, output: pagedResponse(FormulaGraphRecord) }),
  insert: endpoint({ method: 'POST', path: '/api/drisgraph/insert', writes: { unversioned: 'creates', reason: 'adds a new DRIS graph' }, access: { permission: 'DrisGraphs' }, input: FormulaGraphInsert, output: FormulaGraphSaved }),
  update: endpoint({ method: 'POST', path: '/api/drisgraph/update', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'DrisGraphs' }, input: FormulaGraphUpdate, output: FormulaGraphSaved }),
};
