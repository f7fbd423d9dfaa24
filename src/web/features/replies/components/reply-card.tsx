// One reply received: when, how and from whom, its own words, what the assistant did with them
// and what it suggests.
import { Forward, Mail, MessageCircle, MessageSquare, Send } from "lucide-react";
import { useId, useRef } from "react";
import type { Reply, ReplyAction, ReplyChannel } from "../../../../core/replies";
import { DateText } from "../../../components/date-text";
import { Card } from "../../../components/ui/card";
import { REPLY_CHANNEL_LABELS } from "../lib/describe-action";
import { ReplyActionRow } from "./reply-action-row";

const CHANNEL_ICONS: Record<ReplyChannel, typeof Mail> = {
  email: Mail,
  sms: MessageSquare,
  forward: Forward,
  telegram: Send,
  whatsapp: MessageCircle,
};

const SECTIONS = [
  { status: "applied", title: "Done" },
  { status: "suggested", title: "Suggested" },
  { status: "dismissed", title: "Dismissed" },
] as const;

export function ReplyCard(props: { reply: Reply; onEdit: (action: ReplyAction) => void }) {
  const { reply } = props;
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Icon = CHANNEL_ICONS[reply.channel];
  const readBy = reply.readBy === "builtin" ? "Read on this machine" : `Read by ${reply.readBy}`;

  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby={titleId} role="article">
      <div className="grid gap-1">
        <h2
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-x-2 text-lg font-semibold focus-visible:outline-2"
        >
          <Icon className="size-5 text-muted-foreground" aria-hidden />
          <span>{REPLY_CHANNEL_LABELS[reply.channel]}</span>
          <span className="text-base font-normal text-muted-foreground">
            <DateText value={reply.receivedAt} withTime />
          </span>
        </h2>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          From {reply.from}
          {reply.subject ? ` · ${reply.subject}` : ""}
        </p>
      </div>
      <blockquote className="whitespace-pre-wrap rounded-md border-l-4 border-border bg-muted/50 px-3 py-2 text-sm [overflow-wrap:anywhere]">
        {reply.text}
      </blockquote>
      {reply.actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing to do in this one: no one was named, or it only spoke of the future.
        </p>
      ) : (
        SECTIONS.map(({ status, title }) => {
          const actions = reply.actions.filter((a) => a.status === status);
          if (actions.length === 0) return null;
          return (
            <div key={status} className="grid gap-2">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                {title}
              </h3>
              <ul className="grid gap-2">
                {actions.map((action) => (
                  <ReplyActionRow
                    key={action.id}
                    action={action}
                    onEdit={props.onEdit}
                    onDone={() => heading.current?.focus()}
                  />
                ))}
              </ul>
            </div>
          );
        })
      )}
      <p className="text-xs text-muted-foreground">{readBy}</p>
    </Card>
  );
}
