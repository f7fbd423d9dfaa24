// The keyboard shortcuts dialog ("?"), loaded when first opened (keyboard-shortcuts.tsx).
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../components/ui/dialog";
import { SHORTCUTS } from "./keyboard-shortcuts";

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
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
