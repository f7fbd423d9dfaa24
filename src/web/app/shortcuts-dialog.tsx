// The keyboard shortcuts dialog ("?"), loaded when first opened (keyboard-shortcuts.tsx).
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../components/ui/dialog";

const IS_MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ["/"], action: "Search contacts" },
  { keys: ["n"], action: "Add a contact" },
  { keys: ["↑", "↓"], action: "Move through the contact list" },
  { keys: ["Enter"], action: "Open the contact" },
  { keys: [IS_MAC ? "⌘" : "Ctrl", "Enter"], action: "Save the form or dialog you are in" },
  { keys: ["?"], action: "Show these shortcuts" },
];

export function ShortcutsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>Single keys work when you are not typing in a field.</DialogDescription>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.action} className="contents">
              <dt className="flex gap-1">
                {s.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-7 rounded border border-border bg-muted px-1.5 py-0.5 text-center font-mono text-xs"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{s.action}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
