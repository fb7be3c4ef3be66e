import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController, logAsUser } from './request-log';
import { requestLoggerFactory } from './request-logger';

/** A server as the app builds its logging (app.ts), its lines kept. */
function serverAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) } },
    logController: new RequestLogController(),
    childLoggerFactory: requestLoggerFactory,
  });
  const made: boolean[] = [];
  app.get('/quiet', (req, reply) => {
    logAsUser(req, reply, 7);
    // the child is not made yet (its private field, read here only)
    made.push((req.log as unknown as { made: unknown }).made !== null);
    return 'ok';
  });
  app.get('/fails', (req, reply) => {
    logAsUser(req, reply, 7);
    req.log.error({ what: 'x' }, 'went wrong');
    req.log.info('not at warn');
    return 'ok';
  });
  return { app, lines, made };
}

describe('a request logger made when first written to', () => {
  it('writes nothing and makes no child for a request that logs nothing its level lets through', async () => {
    const { app, lines, made } = serverAt('warn');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(made).toEqual([false]);
    await app.close();
  });

  it("writes a request's lines with its request id and signed-in user, as Fastify's child would", async () => {
    const { app, lines } = serverAt('warn');
    await app.inject({ method: 'GET', url: '/fails' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'went wrong', what: 'x', userId: 7, reqId: expect.any(String) });

    const info = serverAt('info');
    await info.app.inject({ method: 'GET', url: '/quiet' });
    expect(info.lines.map((l) => [l.msg, l.userId, typeof l.reqId])).toEqual([['request completed', 7, 'string']]);
    await app.close();
    await info.app.close();
  });
});
