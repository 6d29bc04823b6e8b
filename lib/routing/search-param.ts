/** A page's query as the server gets it (searchParams) or the browser does (URLSearchParams). */
export type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

/** One parameter's first value, or undefined. */
export function searchParam(source: ParamSource, key: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(key) ?? undefined;
  const value = source[key];
  return Array.isArray(value) ? value[0] : value;
}
