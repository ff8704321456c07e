import { notFound } from '@tanstack/react-router';
import { isAppError } from '#src/lib/app-error.ts';

/** A loader's 404 answer (no such promo) becomes the route's Page Not Found. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

/** Path ids: a positive whole number, else the route is Page Not Found. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
