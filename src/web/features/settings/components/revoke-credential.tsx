// Revoke, behind a confirmation, for a credential in a Settings list (API tokens, device passwords).
import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

export function RevokeCredential(props: {
  name: string;
  description: string;
  revokedTitle: string;
  isPending: boolean;
  revoke: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={props.isPending}>
          <Trash2 aria-hidden />
          <span>
            Revoke<span className="sr-only"> {props.name}</span>
          </span>
        </Button>
      }
      title={`Revoke “${props.name}”?`}
      description={props.description}
      confirmLabel="Revoke"
      onConfirm={() =>
        props.revoke({
          onSuccess: () => toast({ title: props.revokedTitle, variant: "success" }),
          onError: (error) =>
            toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
        })
      }
    />
  );
}
