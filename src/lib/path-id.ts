/** Path ids: a positive whole number, else null and the route is Page Not Found. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
