import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** a compiler factory as Fastify calls it (its declared types are overloads of this) */
type Factory = (...args: unknown[]) => unknown;

/**
 * Fastify's own schema compilers (ajv's and fast-json-stringify's), loaded the first time a route declares a Fastify
 * schema instead of when the server is made. The app's routes check their input and output with their zod contracts
 * (endpoint-call.ts) and declare no Fastify schema, so a start no longer loads ajv (about 60 ms of a restart on this
 * machine, ADR 0246); a plugin's route that does declare one gets the same compilers as before, with the same options.
 */
export function lazySchemaCompilers(): CompilersFactory {
  // resolved from fastify's own place: they are its dependencies, not the app's
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  let validator: Factory | undefined;
  let serializer: Factory | undefined;
  const buildValidator: Factory = (...args) => {
    validator ??= (fromFastify('@fastify/ajv-compiler') as () => Factory)();
    return validator(...args);
  };
  const buildSerializer: Factory = (...args) => {
    serializer ??= (fromFastify('@fastify/fast-json-stringify-compiler') as () => Factory)();
    return serializer(...args);
  };
  return { buildValidator, buildSerializer } as CompilersFactory;
}
