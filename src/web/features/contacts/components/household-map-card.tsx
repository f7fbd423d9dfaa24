// A household's people who share a marker on the world map: each with how due they are and
// their own "Log contact", and one button that logs them all together.
import { Home } from "lucide-react";
import { Link } from "react-router";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { pointOf } from "../../../../core/map";
import { describeDue } from "../../../../core/rhythm";
import { describeLocalTime } from "../lib/local-time";
import { MapCardFrame, placeOf } from "./contact-map-card";
import { LogContactButton } from "./log-contact-button";
import { StateBadge } from "./state-badge";

export function HouseholdMapCard(props: {
  household: { id: string; name: string };
  people: Contact[];
  onClose: () => void;
  now?: Date;
}) {
  const { household, people } = props;
  const [first, ...others] = people;
  if (!first) return null;
  const placed = people.find((c) => pointOf(c));
  const localTime = placed ? describeLocalTime(placed, props.now ?? new Date()) : null;
  return (
    <MapCardFrame
      id={household.id}
      title={household.name}
      place={placeOf(people.find((c) => placeOf(c)) ?? first)}
      avatar={
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-muted">
          <Home className="size-6" aria-hidden />
        </span>
      }
      onClose={props.onClose}
    >
      {localTime ? (
        <p className="text-sm" data-testid="local-time">
          {localTime}
        </p>
      ) : null}
      <ul className="grid gap-3" aria-label={`People in ${household.name}`}>
        {people.map((c) => (
          <li key={c.id} className="grid gap-1 border-t border-border pt-2 text-sm">
            <Link
              to={`/app/contacts/${c.id}`}
              className="truncate font-medium text-primary underline-offset-4 hover:underline"
            >
              {contactDisplayName(c)}
            </Link>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2">
                <StateBadge state={c.state} />
                <span className="text-muted-foreground">{describeDue(c)}</span>
              </span>
              <LogContactButton contact={c} variant="outline" isCompact />
            </div>
          </li>
        ))}
      </ul>
      <LogContactButton
        contact={first}
        with={others.map((c) => ({ id: c.id, name: contactDisplayName(c) }))}
        isNamingEveryone
        size="default"
        label={`Log everyone (${people.length})`}
      />
    </MapCardFrame>
  );
}
