import { Mail, MessageCircle, MessageSquare, Phone, Send } from "lucide-react";
import { contactDisplayName, preferredChannelLink } from "../../../../core/contact-display";
import type { Contact } from "../../../../core/contacts";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

const ICONS = {
  email: Mail,
  phone: Phone,
  text: MessageSquare,
  whatsapp: MessageCircle,
  telegram: Send,
  in_person: MessageCircle,
  other: MessageCircle,
};

// The preferred way to get in touch, as a link that opens the mail, phone or chat app. When the
// preferred app cannot be linked (WhatsApp with a number lacking its country code), the call
// link that stands in says why in its tooltip.
export function ChannelLink(props: { contact: Contact; isCompact?: boolean }) {
  const link = preferredChannelLink(props.contact);
  if (!link) return null;
  const Icon = ICONS[link.method];
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
      <Icon aria-hidden />
      <span className={props.isCompact ? "sr-only sm:not-sr-only" : undefined}>{link.label}</span>
    </a>
  );
}
