import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { adminDashboard } from './admin-dashboard';
import { recruiterDashboard } from './recruiter-dashboard';

// `/api/recruiter/dashboard` (ROLE_RECRUITER) and `/api/admin/dashboard` (ROLE_ADMIN): the area guards
// of app.ts check the role; every number is the signed-in user's own (or, for the admin, the platform's).
export const recruiterDashboardRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ success: true as const, data: await recruiterDashboard(c.get('deps'), c.get('user').id) }, 200),
);

export const adminDashboardRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ success: true as const, data: await adminDashboard(c.get('deps'), c.get('user').id) }, 200),
);
