import { AlarmClock, CheckCircle2, CircleDashed, Clock } from "lucide-react";
import { DUE_STATE_LABELS, type DueState } from "../../../../core/rhythm";
import { Badge } from "../../../components/ui/badge";

const VARIANT = {
  overdue: "danger",
  due_soon: "warning",
  on_track: "success",
  no_rhythm: "outline",
} as const;

const ICON = {
  overdue: AlarmClock,
  due_soon: Clock,
  on_track: CheckCircle2,
  no_rhythm: CircleDashed,
};

// State as colour, icon and text, so it never relies on colour alone.
export function StateBadge(props: { state: DueState; className?: string }) {
  const Icon = ICON[props.state];
  return (
    <Badge variant={VARIANT[props.state]} className={props.className} data-due-state={props.state}>
      <Icon className="size-3" aria-hidden />
      {DUE_STATE_LABELS[props.state]}
    </Badge>
  );
}
