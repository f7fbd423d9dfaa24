import { memo } from "react";
import { contactDisplayName } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { describeEffectiveRhythm } from "../../../../core/group-rhythms";
import { describeDue } from "../../../../core/rhythm";
import { ContactAvatar } from "./contact-avatar";
import { Badge } from "../../../components/ui/badge";
import { describeLastContact, describeLastContactShort } from "../lib/format";
import { ChannelLink } from "./channel-link";
import { LogContactButton } from "./log-contact-button";
import { PendingBadge } from "./pending-badge";
import { StateBadge } from "./state-badge";

export const CONTACT_ROW_HEIGHT = 76;

// Memoised: a keystroke re-renders the list, but a row only when its contact changed. Every
// width shows the avatar, name, state (colour, icon and text) with the rhythm under the name, and
// the last contact: on a third line below the large breakpoint, in a column of its own from it.
// From the medium breakpoint a column says when the contact is due. The name's link stretches
// over the whole row (one link to read and tab to; the buttons sit above it). Archived contacts
// show no due state and no Log button: they are out of the rhythm. The name is a plain link: the
// list follows it in the app (ContactList), so each row does not carry a router Link's hooks.
export const ContactRow = memo(function ContactRow(props: {
  contact: Contact;
  today: string;
  timeZone: string;
}) {
  const { contact } = props;
  const name = contactDisplayName(contact);
  // Without a rhythm the badge already says "No rhythm".
  const subtitle = [
    contact.rhythm ? describeEffectiveRhythm(contact.rhythm, contact.rhythmSource) : null,
    contact.company,
    contact.city ?? contact.country,
  ]
    .filter(Boolean)
    .join(" · ");
  const lastContact = describeLastContact(contact.lastContactedAt, props);
  const isArchived = Boolean(contact.archivedAt);
  return (
    <div
      className="relative flex h-full items-center gap-2 border-b border-border px-3 hover:bg-accent/40 has-[a[data-row-link]:focus-visible]:bg-accent/40 sm:gap-3"
      data-testid="contact-row"
    >
      <ContactAvatar name={name} photoUrl={contact.photoUrl} size={32} />
      <div className="min-w-0 flex-1">
        <a
          href={`/app/contacts/${contact.id}`}
          data-row-link
          data-tour="row-open"
          className="block truncate leading-5 font-medium outline-none sm:leading-6 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline focus-visible:after:rounded-sm focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
        >
          {name}
        </a>
        <div
          className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground"
          data-tour="row-rhythm"
        >
          {isArchived ? (
            <Badge variant="outline" className="shrink-0">
              Archived
            </Badge>
          ) : (
            <StateBadge state={contact.state} className="shrink-0" />
          )}
          <PendingBadge contactId={contact.id} isCompact />
          <span className="truncate">{subtitle}</span>
        </div>
        {/* Wraps rather than cut off: on the narrowest phones the row's two 44 px buttons leave
            it less than a line. */}
        <p className="text-xs leading-4 text-muted-foreground lg:hidden">
          {describeLastContactShort(contact.lastContactedAt, props)}
        </p>
      </div>
      <div className="hidden w-36 shrink-0 text-sm text-muted-foreground md:block">
        {contact.rhythm && !isArchived ? (
          <>
            {describeDue(contact)}
            {contact.isSnoozed ? " (snoozed)" : ""}
          </>
        ) : null}
      </div>
      <div className="hidden w-32 shrink-0 text-sm lg:block">
        <span className="sr-only">Last contacted: </span>
        <span className="text-muted-foreground">{lastContact}</span>
      </div>
      {/* A fixed width from sm on keeps the columns before it aligned across rows. */}
      <div className="relative flex shrink-0 items-center gap-1 sm:w-64 sm:justify-end sm:gap-2">
        <ChannelLink contact={contact} isCompact />
        {isArchived ? null : <LogContactButton contact={contact} isCompact tourTarget="row-log" />}
      </div>
    </div>
  );
});
