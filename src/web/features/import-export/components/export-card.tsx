// Taking everything out: plain links, so the browser downloads with the session cookie.
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";

const EXPORTS = [
  {
    href: "/api/exports/contacts.csv",
    label: "Contacts as CSV",
    description: "Every field, one row per contact. Opens in Excel, Numbers or Google Sheets.",
    layouts: [
      { href: "/api/exports/contacts.csv?layout=google", label: "CSV for Google Contacts" },
      { href: "/api/exports/contacts.csv?layout=outlook", label: "CSV for Outlook" },
    ],
  },
  {
    href: "/api/exports/contacts.vcf",
    label: "Contacts as vCard",
    description: "vCard 4.0 for Apple Contacts, Google Contacts, Outlook and phones.",
  },
  {
    href: "/api/exports/account.json",
    label: "Everything as JSON",
    description:
      "Your profile, settings, reminders, contacts and their full history. Import it here to restore an account.",
  },
] as const;

export function ExportCard() {
  return (
    <Card role="region" aria-labelledby="export-title">
      <CardHeader>
        <CardTitle id="export-title">Export</CardTitle>
        <CardDescription>Your data is yours: take it out whenever you like.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        {EXPORTS.map((item) => (
          <div key={item.href} className="grid content-start gap-2">
            <Button asChild variant="outline">
              <a href={item.href} download>
                <Download aria-hidden />
                {item.label}
              </a>
            </Button>
            <p className="text-xs text-muted-foreground">{item.description}</p>
            {"layouts" in item ? (
              <ul className="grid gap-1 text-xs">
                {item.layouts.map((layout) => (
                  <li key={layout.href}>
                    <a href={layout.href} download className="underline underline-offset-2">
                      {layout.label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
