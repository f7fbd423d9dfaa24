// Which path a request is for, as the router saw it: the raw URL may spell it in percent-encoding
// (`/%61pi/contacts` reaches `/api/contacts`), so checks decide on the decoded path and the route
// that matched, never on the raw URL.
import type { FastifyRequest } from "fastify";

/** The path with percent-encoding decoded and no query; the raw path when it does not decode. */
function decodedPath(url: string): string {
  const path = url.split("?")[0]!;
  if (!path.includes("%")) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Bound for the API: the route that matched is, or the decoded path names it in any case or with
 * doubled slashes (those reach no route, but are refused and counted like the API's own 404s).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url?.startsWith("/api/")) return true;
  return decodedPath(request.url).replace(/\/+/g, "/").toLowerCase().startsWith("/api/");
}
