// A number sent as JSON or typed into a form field (text). Unlike z.coerce.number(), true, [],
// null and "" are refused with the given message instead of becoming 1 or 0.
import { z } from "zod";

export function numberInput(error: string) {
  return z.union(
    [
      z.number({ error }),
      z
        .string()
        .trim()
        .regex(/^[+-]?\d+(\.\d+)?$/, error)
        .transform(Number),
    ],
    { error },
  );
}
