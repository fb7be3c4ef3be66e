import v8 from 'node:v8';

/**
 * V8 settings of the server process, set before anything else is loaded (main.ts imports this first).
 *
 * `--no-allocation-site-pretenuring` (ADR 0095): V8 watches where objects are made and, when most objects
 * made at one place outlive a young collection, makes the later ones there straight in the old generation.
 * At start the server reads whole tables into memory (migrations, seed, caches), so the places where the
 * database driver makes rows could be judged long-lived, at random from one start to the next. From then
 * on every answer's rows were made old, and each kept its young strings (a list page's JSON) alive through
 * every young collection until a full one: measured on the /leafs list, 2 MB promoted per young
 * collection, each taking 8–13 ms instead of 1–3, and a third more CPU per request. A server's
 * per-request objects die young; nothing it keeps long is made often enough to gain from the guess.
 */
export const SERVER_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

for (const flag of SERVER_V8_FLAGS) v8.setFlagsFromString(flag);
