import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/recruiter/dashboard` and `/api/admin/dashboard` (issue 5): being built.
export const recruiterDashboardRoutes = new Hono<AppEnv>();
export const adminDashboardRoutes = new Hono<AppEnv>();
