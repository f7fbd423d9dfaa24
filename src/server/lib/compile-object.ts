// Compiles a function that builds one object literal, for hot paths whose fields come from a
// definition (a contact's fields): `(c) => ({ "firstName": c["firstName"], … })`. Objects built
// key by key in a loop cost ~10× more per contact in V8 (keyed stores and loads go megamorphic),
// which showed in the contacts list (decision 060). Keys and expressions come from our own
// definitions, never from a request.

/** A property read, safe for any key: `c["firstName"]`. */
export function read(object: string, key: string): string {
  return `${object}[${JSON.stringify(key)}]`;
}

/** The source of an object literal with these keys and expressions. */
export function objectLiteral(entries: readonly (readonly [key: string, expression: string])[]) {
  return `({ ${entries.map(([key, expression]) => `${JSON.stringify(key)}: ${expression}`).join(", ")} })`;
}

/**
 * `(params) => body`, with `helpers` in scope by name. The body is an expression built from our
 * own definitions.
 */
export function compileFunction<F extends (...args: never[]) => unknown>(
  params: readonly string[],
  body: string,
  helpers: Record<string, unknown> = {},
): F {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled from our definitions (see above)
  const factory = new Function(
    ...Object.keys(helpers),
    `return (${params.join(", ")}) => ${body};`,
  ) as (...values: unknown[]) => F;
  return factory(...Object.values(helpers));
}
