export interface RealRoute {
  readonly method: string;
  /** OpenAPI-style template, `/v1/screen/{mint}`. */
  readonly path: string;
  readonly pattern: RegExp;
}

/** Real routes from a Hono app's route list (middleware `ALL` entries and wildcards left out). */
export function indexRoutes(
  routes: readonly { readonly method: string; readonly path: string }[],
): RealRoute[] {
  const seen = new Set<string>();
  const out: RealRoute[] = [];
  for (const r of routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    const path = r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
    const id = `${r.method} ${path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const source = path
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    out.push({ method: r.method, path, pattern: new RegExp(`^${source}/?$`) });
  }
  return out;
}
