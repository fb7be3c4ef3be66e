import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Inputs for an endpoint, derived from its declared zod schema: mostly values of the declared shape
 * (so requests get past validation and reach services and SQL), mixed with the edge values that broke
 * things before (ids beyond `integer`, NUL, lone surrogates, over-long text, impossible dates) and
 * values of the wrong type.
 */
type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRONG_TYPE = fc.constantFrom<unknown>(null, {}, [], 'x', 1, true, -1);

const EDGE_NUMBERS = [0, 1, 2, 3, -1, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2];
/**
 * Numbers written inside text (a 'group,id;…' selection, an id list, a number typed in a text field): ids past
 * PostgreSQL's integer, negative and huge, alone and in lists, so a text field that is parsed into ids is tried
 * with ids it cannot store (a selection's 2147483648 answered 500).
 */
const IDS_IN_TEXT = ['2147483648', '-1', '1e400', '99999999999999999999', '1,2147483648', '1;2147483648', 'a,2147483648', 'Riverside,2147483648;Riverside,1', 'a,-1', '1,2,3'];
const EDGE_TEXT = ['', ' ', 'a', '\u0000', 'x\u0000y', '\udfff', 'r\ud800', 'r\udfff', '\ud800\udc00', '😀', "'; drop table users; --", '%_\\', 'ü'.repeat(3), ...IDS_IN_TEXT];
const EDGE_DATES = ['2026-11-23', '2026-11-23T10:00:00Z', '2026-02-31', '0000-01-01', '-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00.000Z', 'not a date', '9999-12-31', ''];

export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const plain = shaped(schema, depth);
  // one value in ten is of the wrong type, anywhere in the tree
  return fc.oneof({ weight: 9, arbitrary: plain }, { weight: 1, arbitrary: WRONG_TYPE });
}

function shaped(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => arbitraryOf(s as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string': {
      const max = (schema as z.ZodString).maxLength;
      const edges = [...EDGE_TEXT, ...(max !== null && max < 100_000 ? ['a'.repeat(max + 1), 'b'.repeat(max)] : [])];
      return fc.oneof(fc.constantFrom(...edges), fc.string({ maxLength: 24 }), fc.string({ unit: 'binary', maxLength: 8 }), fc.emailAddress());
    }
    case 'number':
      return fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.integer({ min: -3, max: 40 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>), 'NotAValue');
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'date':
      return fc.constantFrom(...EDGE_DATES);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const rec = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v)])), { requiredKeys: [] });
      return fc.oneof({ weight: 6, arbitrary: rec }, { weight: 1, arbitrary: rec.map((r) => ({ ...r, extra: 'x' })) });
    }
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(inner(def.element), { maxLength: 3 });
    case 'optional':
      return fc.oneof(fc.constant(undefined), inner(def.innerType));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner));
    case 'pipe':
      // a preprocess is a pipe from a transform: the declared value is what comes out
      return defOf(def.in as z.ZodType).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'intersection':
      return inner(def.left);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 6 }), inner(def.valueType), { maxKeys: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(inner));
    case 'lazy':
      return depth > 4 ? fc.constant(undefined) : inner((def.getter as () => z.ZodType)());
    default:
      // custom (file parts), unknown, any, transform: any small JSON value
      return fc.jsonValue({ maxDepth: 2 });
  }
}
