import { CloudUpload } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { useIsContactPending } from "../../../lib/offline-queue";

const ICON = <CloudUpload className="size-3" aria-hidden />;

// A change to this contact made offline waits to be sent.
export function PendingBadge(props: { contactId: string; isCompact?: boolean }) {
  const isPending = useIsContactPending(props.contactId);
  if (!isPending) return null;
  return (
    <Badge
      variant="secondary"
      className="shrink-0"
      data-testid="pending-badge"
      title="Waiting to be sent"
    >
      {ICON}
      {/* Compact: the icon alone on a phone, where a row's state and Log button fill its width. */}
      <span className={props.isCompact ? "sr-only sm:not-sr-only" : undefined}>Pending</span>
      <span className="sr-only">: waiting to be sent</span>
    </Badge>
  );
}
