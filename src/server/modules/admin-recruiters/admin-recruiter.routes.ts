import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/admin/recruiters` (issue 5): being built.
export const adminRecruiterRoutes = new Hono<AppEnv>();
