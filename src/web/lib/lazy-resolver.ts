// A react-hook-form resolver whose zod schema loads when it is first needed, not with the page:
// zod (~20 KB gzip, its schemas built when their module runs) stays out of the JavaScript a
// form page loads before it can be used (decision 185). The schema module starts loading when
// the form gets focus (`preload`, for `onFocusCapture`); a submit before then waits for it, so
// validation is the same, only later.
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";
import { importWithRetry } from "./lazy-named";

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const load = () => {
    loading ??= Promise.all([
      importWithRetry(() => import("@hookform/resolvers/zod")),
      importWithRetry(loadSchema),
    ]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}
