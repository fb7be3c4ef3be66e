import type { EndpointDef } from '@sapwood/contracts';
import { hasPermission } from '@sapwood/contracts';
import type { SessionUser } from './context';
import { HttpError, forbidden, unauthorized, zodToFields } from './errors';
import { JsonText } from './json-text';

/**
 * The steps every JSON endpoint's request takes between its arrival and its answer, whichever path serves it
 * (Fastify's routes, registrar.ts, or the lean path, lean-router.ts): the declared access, the input read by
 * the declared schema, and (outside production) the answer checked against the declared output. One copy,
 * so that the two paths cannot check differently.
 */

/** The caller's session as the session cache resolves it. */
export interface CallSession {
  user: SessionUser;
  sessionId: string;
}

/** Refuses a caller the endpoint's declared access does not let in: 401 without a session, 403 without the permission (and its screen's). */
export function checkAccess(def: EndpointDef, session: CallSession | null): void {
  if ('public' in def.access) return;
  if (!session) throw unauthorized();
  if ('permission' in def.access) {
    const held = session.user.permissions;
    if (!hasPermission(held, def.access.permission) || (def.access.screen && !hasPermission(held, def.access.screen))) throw forbidden();
  }
}

/** The input as the declared schema reads it, or a 400 naming each field at fault. */
export function inputOf(def: EndpointDef, raw: unknown): unknown {
  const parsed = def.input.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields = zodToFields(parsed.error);
  throw new HttpError(400, 'ValidationError', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
}

/**
 * A handler's answer as the JSON text sent. With `check`, an answer that does not match the declared output is
 * an error (reported to `log`), so that a contract cannot drift.
 */
export function answerText(def: EndpointDef, out: unknown, check: boolean, log: { error(obj: object, msg: string): void }): string {
  const text = out instanceof JsonText ? out.text : JSON.stringify(out);
  if (check) {
    const result = def.output.safeParse(out instanceof JsonText ? JSON.parse(out.text) : out);
    if (!result.success) {
      log.error({ issues: result.error.issues, path: def.path }, 'response does not match its contract');
      throw new Error(`response of ${def.path} does not match its contract`);
    }
  }
  return text;
}
