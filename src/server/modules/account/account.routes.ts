import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/account` (issue 5): being built.
export const accountRoutes = new Hono<AppEnv>();
