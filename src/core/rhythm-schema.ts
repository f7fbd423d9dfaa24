// What a person may send as a rhythm (the rules themselves: rhythm.ts, which stays free of zod so
// the contact list's page can import it without zod).
import { z } from "zod";
import { numberInput } from "./number-input";
import { RHYTHM_MAX_INTERVAL, RHYTHM_UNITS } from "./rhythm";

export const RhythmSchema = z
  .object({
    interval: numberInput("Enter how often, as a whole number").pipe(
      z
        .number()
        .int("Enter how often, as a whole number")
        .min(1, "The interval must be at least 1"),
    ),
    unit: z.enum(RHYTHM_UNITS, { error: "Choose days, weeks, months or years" }),
  })
  .superRefine((r, ctx) => {
    const max = RHYTHM_MAX_INTERVAL[r.unit];
    if (r.interval > max) {
      ctx.addIssue({
        code: "custom",
        path: ["interval"],
        message: `The interval can be at most ${max} ${r.unit}s`,
      });
    }
  });
