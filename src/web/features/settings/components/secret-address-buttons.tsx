// Copy, and a new one after a confirmation: what Settings offers for a private address that
// works for anyone who has it (the calendar feed's link, the forwarding address for mail).
import { Copy, RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";

export function SecretAddressButtons(props: {
  onCopy: () => void;
  /** "link" or "address": the buttons say "Get a new link" and "Getting a new link...". */
  noun: string;
  isRenewing: boolean;
  /** The confirmation's title and what it says stops working. */
  title: string;
  description: string;
  onRenew: () => void;
}) {
  const renew = `Get a new ${props.noun}`;
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={props.onCopy}>
        <Copy aria-hidden />
        Copy
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="outline" disabled={props.isRenewing}>
            <RefreshCw aria-hidden />
            {props.isRenewing ? `Getting a new ${props.noun}...` : renew}
          </Button>
        }
        title={props.title}
        description={props.description}
        confirmLabel={renew}
        onConfirm={props.onRenew}
      />
    </div>
  );
}
