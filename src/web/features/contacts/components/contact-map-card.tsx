// A contact as the world map shows them when picked: who, where, their local time (their own
// zone, or spec 02 §9's estimate from longitude), how due they are, and one-tap "Log contact".
import { X } from "lucide-react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { pointOf } from "../../../../core/map";
import { describeDue } from "../../../../core/rhythm";
import { InitialsAvatar } from "../../../components/avatar";
import { Button } from "../../../components/ui/button";
import { describeLastContact } from "../lib/format";
import { describeLocalTime } from "../lib/local-time";
import { LogContactButton } from "./log-contact-button";
import { StateBadge } from "./state-badge";

export function ContactMapCard(props: {
  contact: Contact;
  today: string;
  timeZone: string;
  onClose: () => void;
  now?: Date;
}) {
  const c = props.contact;
  const name = contactDisplayName(c);
  const place = [c.city, c.region, c.country].filter(Boolean).join(", ");
  const point = pointOf(c);
  const localTime = point ? describeLocalTime(c, props.now ?? new Date()) : null;
  return (
    <article
      aria-labelledby={`map-card-${c.id}`}
      data-testid="map-card"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg"
    >
      <div className="flex items-start gap-3">
        <InitialsAvatar seed={name} size={64} />
        <div className="min-w-0 flex-1">
          <h2 id={`map-card-${c.id}`} className="truncate text-lg font-semibold">
            {name}
          </h2>
          {place ? <p className="text-sm text-muted-foreground">{place}</p> : null}
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={props.onClose}>
          <X aria-hidden />
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {localTime ? (
          <>
            <dt className="text-muted-foreground">Local time</dt>
            <dd data-testid="local-time">{localTime}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">State</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <StateBadge state={c.state} />
          <span className="text-muted-foreground">{describeDue(c)}</span>
        </dd>
        <dt className="text-muted-foreground">Last contact</dt>
        <dd>{describeLastContact(c.lastContactedAt, props)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <LogContactButton contact={c} />
        <Button asChild variant="outline" size="sm">
          <Link to={`/app/contacts/${c.id}`}>Open contact</Link>
        </Button>
      </div>
    </article>
  );
}
