import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/admin/payments` (issue 5): being built.
export const adminPaymentRoutes = new Hono<AppEnv>();
