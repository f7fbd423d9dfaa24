import { AlarmClock, CheckCircle2, CircleDashed, Clock } from "lucide-react";
import { DUE_STATE_LABELS, type DueState } from "../../../../core/rhythm";
import { Badge } from "../../../components/ui/badge";

const VARIANT = {
  overdue: "danger",
  due_soon: "warning",
  on_track: "success",
  no_rhythm: "outline",
} as const;

// Elements made once: the same object each render is not rendered again (the contact list
// re-renders its rows on every keystroke in the search).
const ICON = {
  overdue: <AlarmClock className="size-3" aria-hidden />,
  due_soon: <Clock className="size-3" aria-hidden />,
  on_track: <CheckCircle2 className="size-3" aria-hidden />,
  no_rhythm: <CircleDashed className="size-3" aria-hidden />,
};

// State as colour, icon and text, so it never relies on colour alone.
export function StateBadge(props: { state: DueState; className?: string }) {
  return (
    <Badge variant={VARIANT[props.state]} className={props.className} data-due-state={props.state}>
      {ICON[props.state]}
      {DUE_STATE_LABELS[props.state]}
    </Badge>
  );
}
