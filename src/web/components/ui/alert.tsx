import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export function Alert({
  className,
  variant = "default",
  ...props
}: ComponentProps<"div"> & { variant?: "default" | "destructive" }) {
  return (
    <div
      role="alert"
      className={cn(
        "rounded-lg border p-4 text-sm",
        variant === "destructive"
          ? "border-destructive text-destructive"
          : "border-border bg-muted text-foreground",
        className,
      )}
      {...props}
    />
  );
}
