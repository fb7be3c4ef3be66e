
/** The server's client of the Sentry-compatible error-reporting service (SENTRY_DSN), through the official SDK. */
export interface ErrorReportingClient {
  capture(err: unknown, context: { method: string; url: string; userId: number | null }): void;
  close(): Promise<void>;
}

/**
 * A client of its own per app (not the SDK's global one), so that several servers in one process (the tests)
 * each report where they were told; full trace sampling, as spec part 1 §9 says. Null without a DSN. The SDK is
 * loaded only when a DSN is set: loading it was the largest part of a start's module loading (ADR 0175).
 */
export async function createErrorReportingClient(opts: { dsn?: string; environment: string; release: string }): Promise<ErrorReportingClient | null> {
  if (!opts.dsn) return null;
  const { NodeClient, Scope, defaultStackParser, makeNodeTransport } = await import('@sentry/node');
  const client = new NodeClient({
    dsn: opts.dsn,
    environment: opts.environment,
    release: opts.release,
    tracesSampleRate: 1.0,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
  });
  client.init();
  return {
    capture(err, context) {
      const scope = new Scope();
      scope.setClient(client);
      scope.setTag('method', context.method);
      scope.setTag('route', context.url.split('?')[0]);
      if (context.userId !== null) scope.setUser({ id: String(context.userId) });
      scope.captureException(err);
    },
    close: async () => {
      await client.close(2000);
    },
  };
}
