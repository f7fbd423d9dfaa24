import { useId, type ReactElement, type ReactNode } from "react";
import { cloneElement } from "react";
import { Label } from "./input";

// Label + control + description + error, wired with ids for screen readers.
export function Field(props: {
  label: ReactNode;
  error?: string;
  description?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [props.description ? descriptionId : null, props.error ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={props.className ?? "grid gap-2"}>
      <Label htmlFor={id}>{props.label}</Label>
      {cloneElement(props.children, {
        id,
        "aria-invalid": props.error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {props.description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {props.description}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
