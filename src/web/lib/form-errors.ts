// The one way a form shows a failed save: the API's field errors (`error.fields`, keyed
// by the request's field names) land on the react-hook-form fields they name, all at once, and
// whatever is left (a message that names no field, a network failure) goes to the form's root
// error or to an error toast.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError, errorMessage } from "./api-client";
import { toast } from "./toast";

type ServerErrorOptions<T extends FieldValues> = {
  /** Shown when the error carries no message of its own. */
  fallback: string;
  /** The request's field name → the form's field name, where they differ (`phoneNumber` → `phone`). */
  fieldNames?: Partial<Record<string, Path<T>>>;
  /** Only these form fields take server errors; the rest go to the root message. Default: all. */
  knownFields?: readonly Path<T>[];
  /**
   * Where the rest goes: the form's `root` error (shown in the form), a destructive toast, or
   * nowhere (the caller shows its own toast).
   */
  rest?: "root" | "none" | { toastTitle: string };
};

/**
 * Puts a failed request's field errors on the form and reports the rest; returns the form field
 * names that took an error (an empty list when none did).
 */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  options: ServerErrorOptions<T>,
): Path<T>[] {
  const marked: Path<T>[] = [];
  const fields = error instanceof ApiRequestError ? (error.fields ?? {}) : {};
  for (const [apiName, message] of Object.entries(fields)) {
    const name = options.fieldNames?.[apiName] ?? (apiName as Path<T>);
    if (options.knownFields && !options.knownFields.includes(name)) continue;
    setError(name, { type: "server", message }, { shouldFocus: marked.length === 0 });
    marked.push(name);
  }
  const message = errorMessage(error, options.fallback);
  const rest = options.rest ?? "root";
  if (rest === "root") {
    if (marked.length === 0) setError("root", { type: "server", message });
  } else if (rest !== "none") {
    toastError(rest.toastTitle, marked.length > 0 ? undefined : error, options.fallback);
  }
  return marked;
}

/** The one error toast: a title, and the error's own message (or the fallback) under it. */
export function toastError(title: string, error: unknown, fallback: string): void {
  toast({
    title,
    description: error === undefined ? fallback : errorMessage(error, fallback),
    variant: "destructive",
  });
}
