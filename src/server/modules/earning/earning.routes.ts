import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/recruiter/earning` (issue 5): being built.
export const earningRoutes = new Hono<AppEnv>();
