import { Hono } from 'hono';
import type { AppEnv } from '../../context';

// `/api/recruiter/ai/recruiter-notes`: analyse and improve recruiter notes (issue 6, seed section 7).
export const aiNoteRoutes = new Hono<AppEnv>();
