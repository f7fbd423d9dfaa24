import { describeLocalTime } from "../lib/local-time";
import type { ReactNode } from "react";
import type { Contact } from "../../../../core/contacts";
import { CONTACT_METHOD_LABELS } from "../../../../core/contact-methods";
import { describePhone, phoneHref } from "../../../../core/phone-numbers";
import { formatAddress } from "../../../../core/postal-address";
import { Badge } from "../../../components/ui/badge";
import { LocationPreview } from "../../../components/location-preview";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatBirthday } from "../../../lib/format-date";
import { ChannelLink } from "./channel-link";

const CONTACT_PLACE_ZOOM = 10;

export function ContactDetailsCard({ contact }: { contact: Contact }) {
  const place = [contact.city, contact.region, contact.country].filter(Boolean).join(", ");
  const rows: [string, ReactNode][] = [];
  const fullName = [contact.namePrefix, contact.firstName, contact.lastName, contact.nameSuffix];
  if (contact.namePrefix || contact.nameSuffix)
    rows.push(["Full name", fullName.filter(Boolean).join(" ")]);
  if (contact.nickname) rows.push(["Nickname", contact.nickname]);
  if (contact.emails.length)
    rows.push([
      "Email",
      contact.emails.map((e) => (
        <a
          key={e.value}
          href={`mailto:${e.value}`}
          className="block py-3 text-primary underline-offset-4 wrap-anywhere hover:underline md:py-0"
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
          key={`${p.value} ${p.ext ?? ""}`}
          href={phoneHref(p)}
          className="block py-3 text-primary underline-offset-4 wrap-anywhere hover:underline md:py-0"
        >
          {describePhone(p)}
          {p.label ? <span className="text-muted-foreground"> ({p.label})</span> : null}
        </a>
      )),
    ]);
  if (contact.websites.length)
    rows.push([
      contact.websites.length === 1 ? "Website" : "Websites",
      contact.websites.map((w) => (
        <a
          key={w.value}
          href={/^https?:\/\//i.test(w.value) ? w.value : `https://${w.value}`}
          rel="noopener noreferrer"
          target="_blank"
          className="block py-3 text-primary underline-offset-4 wrap-anywhere hover:underline md:py-0"
        >
          {w.value}
          {w.label ? <span className="text-muted-foreground"> ({w.label})</span> : null}
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
  const localTime = describeLocalTime(contact, new Date());
  if (localTime)
    rows.push([
      "Local time",
      <span key="lt" data-testid="local-time">
        {localTime}
      </span>,
    ]);
  if (contact.addresses.length)
    rows.push([
      contact.addresses.length === 1 ? "Address" : "Addresses",
      contact.addresses.map((a, i) => (
        <span key={i} className="block wrap-anywhere">
          {formatAddress(a)}
          {a.label || a.isPlace ? (
            <span className="text-muted-foreground">
              {" "}
              ({[a.label, a.isPlace && "place on the map"].filter(Boolean).join(", ")})
            </span>
          ) : null}
        </span>
      )),
    ]);
  // Coordinates are what the map needs, not what a person reads: shown only when no place name
  // says where this is.
  if (!place && !contact.countryCode && contact.latitude !== null && contact.longitude !== null)
    rows.push(["Coordinates", `${contact.latitude}, ${contact.longitude}`]);
  if (contact.birthday) rows.push(["Birthday", formatBirthday(contact.birthday)]);
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
        {/* A contact's place is a town: the preview shows it among its neighbours. */}
        <LocationPreview
          latitude={contact.latitude}
          longitude={contact.longitude}
          label={place || "this contact's place"}
          zoom={CONTACT_PLACE_ZOOM}
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
