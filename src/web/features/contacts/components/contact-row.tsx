import { memo } from "react";
import { Link } from "react-router";
import { contactDisplayName, type Contact } from "../../../../core/contacts";
import { describeDue, describeRhythm } from "../../../../core/rhythm";
import { Avatar } from "../../../components/avatar";
import { describeLastContact, describeLastContactShort } from "../lib/format";
import { ChannelLink } from "./channel-link";
import { LogContactButton } from "./log-contact-button";
import { StateBadge } from "./state-badge";

export const CONTACT_ROW_HEIGHT = 76;

// Memoised: a keystroke re-renders the list, but a row only when its contact changed. Every
// width shows the avatar, name, rhythm, state (colour, icon and text) and last contact: on narrow
// screens the state sits under the name and the last contact on a third line, so the name keeps
// the room; wider screens give each its own column.
export const ContactRow = memo(function ContactRow(props: {
  contact: Contact;
  today: string;
  timeZone: string;
}) {
  const { contact } = props;
  const name = contactDisplayName(contact);
  const subtitle = [contact.company, contact.city ?? contact.country].filter(Boolean).join(" · ");
  const lastContact = describeLastContact(contact.lastContactedAt, props);
  return (
    <div
      className="flex h-full items-center gap-2 border-b border-border px-3 sm:gap-3"
      data-testid="contact-row"
    >
      <Avatar seed={name} style="initials" size={32} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/app/contacts/${contact.id}`}
          className="block truncate font-medium hover:underline focus-visible:underline"
        >
          {name}
        </Link>
        <div className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <StateBadge state={contact.state} className="shrink-0 md:hidden" />
          <span className="truncate">
            {describeRhythm(contact.rhythm)}
            {subtitle ? ` · ${subtitle}` : ""}
          </span>
        </div>
        <p className="truncate text-xs text-muted-foreground lg:hidden">
          {describeLastContactShort(contact.lastContactedAt, props)}
        </p>
      </div>
      <div className="hidden w-40 shrink-0 flex-col items-start gap-0.5 md:flex">
        <StateBadge state={contact.state} />
        {contact.rhythm ? (
          <span className="text-xs text-muted-foreground">
            {describeDue(contact)}
            {contact.isSnoozed ? " (snoozed)" : ""}
          </span>
        ) : null}
      </div>
      <div className="hidden w-32 shrink-0 text-sm lg:block">
        <span className="sr-only">Last contacted: </span>
        <span className="text-muted-foreground">{lastContact}</span>
      </div>
      <div className="flex shrink-0 flex-col items-center gap-1 sm:flex-row sm:gap-2">
        <ChannelLink contact={contact} isCompact />
        <LogContactButton contact={contact} isCompact />
      </div>
    </div>
  );
});
