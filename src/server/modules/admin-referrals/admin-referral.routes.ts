import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/admin/referrals` (issue 5): being built.
export const adminReferralRoutes = new Hono<AppEnv>();
