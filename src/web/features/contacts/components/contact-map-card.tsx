// A contact as the world map shows them when picked: who, where, their local time (their own
// zone, or spec 02 §9's estimate from longitude), how due they are, and one-tap "Log contact".
import { X } from "lucide-react";
import type { ReactNode } from "react";
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
  const localTime = pointOf(c) ? describeLocalTime(c, props.now ?? new Date()) : null;
  return (
    <MapCardFrame
      id={c.id}
      title={name}
      place={placeOf(c)}
      avatar={<InitialsAvatar seed={name} size={64} />}
      onClose={props.onClose}
    >
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
    </MapCardFrame>
  );
}

export function placeOf(c: Contact): string {
  return [c.city, c.region, c.country].filter(Boolean).join(", ");
}

/** A card over the map: its picture, title and place, a Close button, then its body. */
export function MapCardFrame(props: {
  id: string;
  title: string;
  place: string;
  avatar: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={`map-card-${props.id}`}
      data-testid="map-card"
      // One column no wider than the card: a long name is cut short, not pushing the card out.
      className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg"
    >
      <div className="flex items-start gap-3">
        {props.avatar}
        <div className="min-w-0 flex-1">
          <h2 id={`map-card-${props.id}`} className="truncate text-lg font-semibold">
            {props.title}
          </h2>
          {props.place ? <p className="text-sm text-muted-foreground">{props.place}</p> : null}
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={props.onClose}>
          <X aria-hidden />
        </Button>
      </div>
      {props.children}
    </article>
  );
}
