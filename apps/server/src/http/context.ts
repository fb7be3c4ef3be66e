import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db, Notifier } from '../db/database';

/** The signed-in user as every request sees it; permissions are read fresh on each request. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  permissions: string[];
  languageId: number | null;
}

export interface PublicCallContext {
  user: SessionUser | null;
  sessionId: string | null;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedCallContext extends PublicCallContext {
  user: SessionUser;
  sessionId: string;
}

/** What the app is built from: shared by every feature's wiring. */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  notifier: Notifier;
  log: FastifyBaseLogger;
}
