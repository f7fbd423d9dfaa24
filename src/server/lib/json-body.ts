// What a JSON body may not hold, whatever the route: nesting deeper than any of our bodies needs
// (recursive code downstream, Better Auth's included, overflows the stack on 10,000 levels), and
// NUL, which PostgreSQL text cannot store.
export const MAX_JSON_DEPTH = 32;

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Why a parsed JSON body is refused, or null. Walks without recursion. */
export function findJsonBodyProblem(body: unknown): string | null {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "Text must not contain NUL characters (\\u0000).";
      continue;
    }
    if (!isPlainContainer(value)) continue;
    if (depth >= MAX_JSON_DEPTH)
      return `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return "Text must not contain NUL characters (\\u0000).";
      stack.push([item, depth + 1]);
    }
  }
  return null;
}
