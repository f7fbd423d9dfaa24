// Revoke, behind a confirmation, for a credential in a Settings list (API tokens, device passwords,
// webhooks, which say Remove).
import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

export function RevokeCredential({
  actionLabel = "Revoke",
  ...props
}: {
  name: string;
  description: string;
  /** The button's and the confirmation's verb; Revoke unless told. */
  actionLabel?: string;
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
            {actionLabel}
            <span className="sr-only"> {props.name}</span>
          </span>
        </Button>
      }
      title={`${actionLabel} “${props.name}”?`}
      description={props.description}
      confirmLabel={actionLabel}
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
