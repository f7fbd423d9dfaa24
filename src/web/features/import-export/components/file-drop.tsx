// Choosing the file: a button (keyboard) or drag and drop onto the area (mouse).
import { FileUp } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

export const IMPORT_ACCEPT =
  ".csv,.vcf,.vcard,.json,.txt,text/csv,text/vcard,text/x-vcard,application/json";

export function FileDrop(props: { onFile: (file: File) => void; isBusy?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file) props.onFile(file);
  }

  return (
    <div
      data-testid="import-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors",
        isOver ? "border-primary bg-accent" : "border-border",
      )}
    >
      <FileUp className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm">Drag your file here, or</p>
      <Button onClick={() => input.current?.click()} disabled={props.isBusy}>
        Choose a file
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Contacts file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) still counts.
          event.target.value = "";
          if (file) props.onFile(file);
        }}
      />
      <p className="max-w-prose text-xs text-muted-foreground">
        A CSV from Google Contacts, Outlook, LinkedIn or a spreadsheet; a vCard file (.vcf); or the
        account.json you exported here. Up to 10 MB; more people than your account has room for are
        imported in part, the rest kept for later.
      </p>
    </div>
  );
}
