/**
 * Route parameters as the pages need them. The router matches on a path decoded with decodeURI,
 * which leaves escaped reserved characters (e.g. %2F) alone; ids are decoded fully here.
 */
export function decodeParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A QC line number: a non-negative integer, or null (the route is then Page Not Found). */
export function lineParam(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}
