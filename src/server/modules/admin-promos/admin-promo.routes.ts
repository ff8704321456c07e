import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/admin/promos` (issue 5): being built.
export const adminPromoRoutes = new Hono<AppEnv>();
