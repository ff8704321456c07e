import { notFound } from '@tanstack/react-router';
import { isAppError } from '#src/lib/app-error.ts';

/**
 * A loader's 404 answer (no such promo, recruiter or task) becomes the route's Page Not Found;
 * anything else stays an error.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
