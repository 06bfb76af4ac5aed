import type { Params } from './params';
import type { Store } from './store';

export type Method = 'GET' | 'POST' | 'DELETE';

export type ApiRequest = {
  store: Store;
  /** The query string's parameters for GET and DELETE, the form body's for POST. */
  params: Params;
  /** The path's named parts: `/v1/customers/:id` gives `id`. */
  path: Record<string, string>;
};

export type ApiRoute = { method: Method; segments: string[]; handle: (request: ApiRequest) => object };

export function route(method: Method, pattern: string, handle: (request: ApiRequest) => object): ApiRoute {
  return { method, segments: pattern.split('/').filter(Boolean), handle };
}

/** The first route for this method whose pattern matches the path, so literal paths are listed before `:id` ones. */
export function matchRoute(
  routes: ApiRoute[],
  method: string,
  pathname: string,
): { route: ApiRoute; path: Record<string, string> } | undefined {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  for (const candidate of routes) {
    if (candidate.method !== method || candidate.segments.length !== parts.length) continue;
    const path: Record<string, string> = {};
    const matches = candidate.segments.every((segment, index) => {
      if (segment.startsWith(':')) {
        path[segment.slice(1)] = parts[index]!;
        return true;
      }
      return segment === parts[index];
    });
    if (matches) return { route: candidate, path };
  }
  return undefined;
}
