// A react-hook-form resolver whose zod schema loads when it is first needed, not with the page:
// zod stays out of the JavaScript a form page loads before it can be used. `preload` (for
// `onFocusCapture`) starts the load; a submit before then waits for it.
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";
import { lazyModule } from "./lazy";

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType>,
): LazyResolver<T> {
  const loaded = lazyModule(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import("@hookform/resolvers/zod"),
      loadSchema(),
    ]);
    return zodResolver(schema as never) as unknown as Resolver<T>;
  });
  const resolver: Resolver<T> = async (values, context, options) =>
    (await loaded.preload())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      loaded.preload().catch(() => undefined);
    },
  });
}
