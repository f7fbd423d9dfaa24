// A secret made just now (an API token, a device password, a webhook's signing secret), shown
// once with Copy and Done.
import { Copy } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { copySecret, SecretText, selectText } from "./secret-text";

export function ShownOnceSecret(props: {
  label: string;
  hint: ReactNode;
  value: string;
  /** The secret's own test id, and the panel's. */
  testId: string;
  panelTestId: string;
  /** What it is ("token") and where to paste it, for the Copy toast. */
  noun: string;
  copied: string;
  onDone: () => void;
}) {
  const text = useRef<HTMLParagraphElement>(null);
  return (
    <div
      className="grid gap-3 rounded-lg border border-primary/40 p-4"
      data-testid={props.panelTestId}
    >
      <SecretText
        ref={text}
        label={props.label}
        hint={props.hint}
        value={props.value}
        testId={props.testId}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() =>
            void copySecret(props.value, {
              noun: props.noun,
              copied: props.copied,
              select: () => selectText(text.current),
            })
          }
        >
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="outline" onClick={props.onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
