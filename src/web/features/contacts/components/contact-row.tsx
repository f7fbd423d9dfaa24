import { memo } from "react";
import { Link } from "react-router";
import { contactDisplayName, type Contact } from "../../../../core/contacts";
import { describeDue, describeRhythm } from "../../../../core/rhythm";
import { Avatar } from "../../../components/avatar";
import { describeLastContact } from "../lib/format";
import { ChannelLink } from "./channel-link";
import { LogContactButton } from "./log-contact-button";
import { StateBadge } from "./state-badge";

export const CONTACT_ROW_HEIGHT = 76;

// Memoised: a keystroke re-renders the list, but a row only when its contact changed.
export const ContactRow = memo(function ContactRow(props: {
  contact: Contact;
  today: string;
  timeZone: string;
}) {
  const { contact } = props;
  const name = contactDisplayName(contact);
  const subtitle = [contact.company, contact.city ?? contact.country].filter(Boolean).join(" · ");
  return (
    <div
      className="flex h-full items-center gap-3 border-b border-border px-3"
      data-testid="contact-row"
    >
      <Avatar seed={name} style="initials" size={32} className="hidden sm:block" />
      <div className="min-w-0 flex-1">
        <Link
          to={`/app/contacts/${contact.id}`}
          className="block truncate font-medium hover:underline focus-visible:underline"
        >
          {name}
        </Link>
        <p className="truncate text-xs text-muted-foreground">
          {describeRhythm(contact.rhythm)}
          {subtitle ? ` · ${subtitle}` : ""}
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
        <span className="text-muted-foreground">
          {describeLastContact(contact.lastContactedAt, props)}
        </span>
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <StateBadge state={contact.state} className="md:hidden" />
        <ChannelLink contact={contact} isCompact />
        <LogContactButton contact={contact} isCompact />
      </div>
    </div>
  );
});
