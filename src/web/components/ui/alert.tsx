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
        "ui-alert",
        variant === "destructive" ? "ui-alert-destructive" : "ui-alert-default",
        className,
      )}
      {...props}
    />
  );
}
