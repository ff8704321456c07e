import type { DB } from './db/connect';
import type { Env } from './env';
import type { FileStorage } from './storage/file-storage';

// What every request handler can reach: the database, the environment, the file storage and the clock
// (injected so tests can move time forward instead of waiting).
export type AppDeps = {
  db: DB;
  env: Env;
  storage: FileStorage;
  now: () => Date;
  /** The process's state for /api/ready: set to draining on SIGTERM (index.ts). Tests may leave it out. */
  lifecycle?: Lifecycle;
};

export type Lifecycle = { draining: boolean };

export type AuthContextUser = {
  id: number;
  email: string;
  roles: string[];
  sessionId: number;
};

// Handlers read these with c.get('deps'), not c.var.deps: Hono builds a new object of all the
// variables on every c.var (~1% of a small call's CPU, bench).
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthContextUser;
  };
};
