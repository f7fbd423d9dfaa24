// A private value written out whole (wrapping on a phone rather than cut short in an input), and
// copying it: the forwarding address for mail, the webhook's signing secret, the calendar link.
import { useId, type ReactNode, type Ref } from "react";
import { toast } from "../../../lib/toast";

export function SecretText({
  ref,
  ...props
}: {
  label: string;
  hint: ReactNode;
  value: string;
  testId: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        {props.label}
      </p>
      <p
        ref={ref}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="rounded-md border border-border bg-muted/50 px-3 py-2 font-mono text-sm [overflow-wrap:anywhere]"
        data-testid={props.testId}
      >
        {props.value}
      </p>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {props.hint}
      </p>
    </div>
  );
}

/** Copies `text`; without clipboard access (an older browser, a refusal) selects it instead. */
export async function copySecret(
  text: string,
  options: { noun: string; copied: string; select: () => void },
): Promise<void> {
  const noun = options.noun;
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: `${noun[0]!.toUpperCase()}${noun.slice(1)} copied`,
      description: options.copied,
    });
  } catch {
    options.select();
    toast({ title: `Copy the selected ${noun}`, description: "Press Ctrl+C (⌘C on a Mac)." });
  }
}

/** Selects an element's text, for copying by hand. */
export function selectText(element: HTMLElement | null): void {
  if (element) window.getSelection()?.selectAllChildren(element);
}
