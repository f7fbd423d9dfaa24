import type { ReactNode } from "react";
import type { Contact } from "../../../../core/contacts";
import { CONTACT_METHOD_LABELS } from "../../../../core/contact-methods";
import { Badge } from "../../../components/ui/badge";
import { LocationPreview } from "../../../components/location-preview";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { longMonthNames } from "../lib/format";
import { ChannelLink } from "./channel-link";

function describeBirthday(b: NonNullable<Contact["birthday"]>): string {
  return `${b.day} ${longMonthNames()[b.month - 1]}${b.year ? ` ${b.year}` : ""}`;
}

export function ContactDetailsCard({ contact }: { contact: Contact }) {
  const place = [contact.city, contact.region, contact.country].filter(Boolean).join(", ");
  const rows: [string, ReactNode][] = [];
  if (contact.emails.length)
    rows.push([
      "Email",
      contact.emails.map((e) => (
        <a
          key={e.value}
          href={`mailto:${e.value}`}
          className="block text-primary underline-offset-4 wrap-anywhere hover:underline"
        >
          {e.value}
          {e.label ? <span className="text-muted-foreground"> ({e.label})</span> : null}
        </a>
      )),
    ]);
  if (contact.phones.length)
    rows.push([
      "Phone",
      contact.phones.map((p) => (
        <a
          key={p.value}
          href={`tel:${p.value.replace(/[^\d+]/g, "")}`}
          className="block text-primary underline-offset-4 wrap-anywhere hover:underline"
        >
          {p.value}
          {p.label ? <span className="text-muted-foreground"> ({p.label})</span> : null}
        </a>
      )),
    ]);
  if (contact.preferredMethod)
    rows.push([
      "Preferred",
      <span key="m" className="flex flex-wrap items-center gap-2">
        {CONTACT_METHOD_LABELS[contact.preferredMethod]}
        <ChannelLink contact={contact} />
      </span>,
    ]);
  if (contact.telegramUsername) rows.push(["Telegram", `@${contact.telegramUsername}`]);
  if (place || contact.countryCode)
    rows.push([
      "Location",
      [place, contact.countryCode && `(${contact.countryCode})`].filter(Boolean).join(" "),
    ]);
  if (contact.latitude !== null && contact.longitude !== null)
    rows.push(["Coordinates", `${contact.latitude}, ${contact.longitude}`]);
  if (contact.birthday) rows.push(["Birthday", describeBirthday(contact.birthday)]);
  if (contact.tags.length)
    rows.push([
      "Tags",
      <span key="t" className="flex flex-wrap gap-1">
        {contact.tags.map((t) => (
          <Badge key={t} variant="secondary">
            {t}
          </Badge>
        ))}
      </span>,
    ]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rows.length ? (
          <dl className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-sm">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No details yet. Use Edit to add some.</p>
        )}
        <LocationPreview
          latitude={contact.latitude}
          longitude={contact.longitude}
          label={place || "this contact's place"}
        />
        {contact.notes ? (
          <div className="grid gap-1">
            <h3 className="text-sm text-muted-foreground">Notes</h3>
            <p className="whitespace-pre-wrap text-sm">{contact.notes}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
