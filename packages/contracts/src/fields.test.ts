import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './index';
import { isBoundedNumber, isStorableText } from './fields';

/**
 * Every number and every text an endpoint accepts is made from the building blocks of fields.ts, so no
 * value that passes validation can overflow an `integer` or carry a character PostgreSQL cannot store.
 */
function loose(schema: z.ZodType, path: string, out: string[], seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, p = path) => loose(s as z.ZodType, p, out, seen);
  switch (def.type) {
    case 'string':
      if (!isStorableText(schema as z.ZodString)) out.push(`${path}: text not made with text() or patterned()`);
      if ((schema as z.ZodString).maxLength === null) out.push(`${path}: text without a maximum length`);
      return;
    case 'number':
      if (!isBoundedNumber(schema as z.ZodNumber)) out.push(`${path}: number not bounded like its column (use int(), id() or decimal())`);
      return;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${path}.${k}`);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      return;
    case 'array':
      walk(def.element, `${path}[]`);
      return;
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
      walk(def.innerType);
      return;
    case 'union':
      (def.options as unknown[]).forEach((o, i) => walk(o, `${path}|${i}`));
      return;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      return;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      return;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      return;
    case 'tuple':
      (def.items as unknown[]).forEach((o, i) => walk(o, `${path}[${i}]`));
      return;
    case 'lazy':
      walk((def.getter as () => unknown)());
      return;
    case 'boolean': case 'enum': case 'literal': case 'transform': case 'null': case 'undefined': case 'date': case 'custom': case 'never':
      return;
    default:
      out.push(`${path}: a ${def.type} the walker does not know`);
  }
}

describe('endpoint inputs are made of the bounded building blocks', () => {
  it.each(allEndpoints.map((e) => [e.path, e] as const))('%s', (_path, ep) => {
    const problems: string[] = [];
    loose(ep.input, 'input', problems);
    expect(problems).toEqual([]);
  });

  it('the walker catches a raw number and a raw string', () => {
    const problems: string[] = [];
    loose(z.object({ a: z.number().int(), b: z.array(z.string().max(3)) }), 'input', problems);
    expect(problems).toEqual([
      'input.a: number not bounded like its column (use int(), id() or decimal())',
      'input.b[]: text not made with text() or patterned()',
    ]);
  });
});

/** Inputs (at any depth) that carry a rowVersion: the object schemas that hold it, with where they are. */
function versionedObjects(schema: z.ZodType, path: string, out: [string, z.ZodType][], seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, p = path) => versionedObjects(s as z.ZodType, p, out, seen);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    if ('rowVersion' in shape) out.push([path, schema]);
    for (const [k, v] of Object.entries(shape)) walk(v, `${path}.${k}`);
  } else if (def.type === 'array') walk(def.element, `${path}[]`);
  else if ('innerType' in def) walk(def.innerType);
  else if (def.type === 'pipe') walk(def.in);
}

describe('an update of an existing record must say which version it read', () => {
  const cases = allEndpoints.flatMap((ep) => {
    const found: [string, z.ZodType][] = [];
    versionedObjects(ep.input, 'input', found);
    return found.map(([where, schema]) => [`${ep.path} ${where}`, schema] as const);
  });

  it('finds the versioned inputs', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  it.each(cases)('%s', (_name, schema) => {
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    // an existing record, named by whichever id the object carries
    const idKey = ['id', 'keyId'].find((k) => k in shape);
    const input = idKey ? { [idKey]: 7 } : {};
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.path.join('.') === 'rowVersion')).toBe(true);
  });
});
