import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/admin/tasks` (issue 5): being built.
export const adminTaskRoutes = new Hono<AppEnv>();
