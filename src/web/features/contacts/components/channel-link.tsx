import { Mail, MessageCircle, MessageSquare, Phone, Send } from "lucide-react";
import { contactDisplayName, preferredChannelLink } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

// Elements made once: the same object each render is not rendered again (the contact list
// re-renders its rows on every keystroke in the search).
const CHAT_ICON = <MessageCircle aria-hidden />;
const ICONS = {
  email: <Mail aria-hidden />,
  phone: <Phone aria-hidden />,
  text: <MessageSquare aria-hidden />,
  whatsapp: CHAT_ICON,
  telegram: <Send aria-hidden />,
  in_person: CHAT_ICON,
  other: CHAT_ICON,
};

// The preferred way to get in touch, as a link that opens the mail, phone or chat app. When the
// preferred app cannot be linked (WhatsApp with a number lacking its country code), the call
// link that stands in says why in its tooltip.
export function ChannelLink(props: { contact: Contact; isCompact?: boolean }) {
  const link = preferredChannelLink(props.contact);
  if (!link) return null;
  const isWeb = link.href.startsWith("https:");
  return (
    <a
      href={link.href}
      target={isWeb ? "_blank" : undefined}
      rel={isWeb ? "noopener noreferrer" : undefined}
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), props.isCompact && "px-2")}
      aria-label={`${link.label} ${contactDisplayName(props.contact)}`}
      title={link.insteadOf?.reason ?? link.label}
    >
      {ICONS[link.method]}
      <span className={props.isCompact ? "sr-only sm:not-sr-only" : undefined}>{link.label}</span>
    </a>
  );
}
