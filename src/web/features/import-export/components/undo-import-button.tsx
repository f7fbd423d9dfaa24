// Undo of the most recent import, after a confirmation that says what will happen.
import type { ImportRecord } from "../../../../core/import/import-api";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useUndoImport } from "../api/undo-import";

export function UndoImportButton(props: { record: ImportRecord; onUndone?: () => void }) {
  const undo = useUndoImport();
  const { record } = props;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={undo.isPending}>
          {undo.isPending ? "Undoing..." : "Undo this import"}
        </Button>
      }
      title="Undo this import?"
      description={`This removes the ${record.createdCount} contacts it added (with any history you logged for them since) and takes back what it changed in ${record.mergedCount} contacts you already had. Changes you made to those after the import are kept.`}
      confirmLabel="Undo import"
      isDestructive
      onConfirm={() =>
        undo.mutate(record.id, {
          onSuccess: (result) => {
            toast({
              title: "Import undone",
              description: `Removed ${result.removed} contacts and restored ${result.restored}.`,
              variant: "success",
            });
            props.onUndone?.();
          },
          onError: (error) =>
            toast({
              title: "Couldn't undo",
              description: errorMessage(error),
              variant: "destructive",
            }),
        })
      }
    />
  );
}
