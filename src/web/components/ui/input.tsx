import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

// The looks are the ui-field* and ui-label classes in styles.css (components layer): a class
// passed in `className` (a width, a height) overrides them.

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn("ui-field ui-field-line", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn("ui-field ui-field-area", className)} {...props} />;
}

// A native select: accessible, keyboard-friendly and testable everywhere.
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn("ui-field ui-field-line", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("ui-label", className)} {...props} />;
}
