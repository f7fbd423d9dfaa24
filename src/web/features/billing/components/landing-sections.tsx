// The landing page's content sections: what the product does, how it works, and privacy. The
// product's name is a prop (APP_NAME; the prerender passes a marker the server fills in).
import {
  ArrowDownUp,
  BellRing,
  Globe2,
  History,
  Repeat,
  Server,
  ShieldCheck,
  Users,
  type LucideIcon,
} from "lucide-react";

const featuresOf = (appName: string): { icon: LucideIcon; title: string; text: string }[] => [
  {
    icon: Repeat,
    title: "Relationship rhythms",
    text: "Decide how often you want to reach out to each person: every week, every month, every quarter, twice a year, or every so many days.",
  },
  {
    icon: BellRing,
    title: "Reminders by email, SMS or chat",
    text: "One short digest of who is due, at the hour you choose and in your own time zone: by email or text message, and if you like as a notification on your phone or computer with Mark contacted and Snooze 1 week on it, in Telegram or WhatsApp, where one tap marks someone contacted, as an ntfy push notification, or as a signed webhook to your own tools.",
  },
  {
    icon: History,
    title: "Contact history",
    text: `Log a call, a coffee or a message in one tap, or answer a reminder in your own words: ${appName}'s assistant puts "had coffee with Grace yesterday" into Grace's history and asks you about anything unclear. Forwarded mail is logged too.`,
  },
  {
    icon: Globe2,
    title: "World map",
    text: "See where your people live on an interactive globe, and who you could meet on your next trip.",
  },
  {
    icon: ArrowDownUp,
    title: "Import and export",
    text: "Bring contacts from Google, Outlook, LinkedIn, any CSV or vCard, and take everything with you whenever you like.",
  },
  {
    icon: Users,
    title: "Up to 1,000 contacts",
    text: "Room for friends, family, clients and your whole community, each with notes, tags and preferred ways to reach them.",
  },
];

const stepsOf = (appName: string) => [
  {
    title: "Add your people",
    text: "Import your address book or add the people you don't want to drift away from.",
  },
  {
    title: "Give each one a rhythm",
    text: "Weekly for your closest friends, quarterly for old colleagues: you decide what keeping in touch means.",
  },
  {
    title: "Get reminded, reach out",
    text: `When someone is due, ${appName} tells you. Reach out, then tap "done" or reply with what happened, and the rhythm starts again.`,
  },
];

export function FeaturesSection({ appName }: { appName: string }) {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight">
          Everything you need to stay close
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          {appName} is a personal relationship manager for individuals, solopreneurs and community
          builders: a calm place for the people in your life, not another sales pipeline.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featuresOf(appName).map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border p-6">
              <Icon className="size-6 text-primary" aria-hidden />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HowItWorksSection({ appName }: { appName: string }) {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-muted py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {stepsOf(appName).map((step, index) => (
            <li key={step.title} className="rounded-xl bg-background p-6 shadow-sm">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function PrivacySection({ appName }: { appName: string }) {
  return (
    <section id="privacy" aria-labelledby="privacy-title" className="scroll-mt-20 py-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 md:grid-cols-2">
        <div>
          <h2 id="privacy-title" className="text-3xl font-bold tracking-tight">
            Private by default
          </h2>
          <p className="mt-3 text-muted-foreground">
            Your relationships are nobody else&apos;s business. {appName} has no ads, sells no data,
            and only contacts the people you ask it to remind you about: you.
          </p>
        </div>
        <ul className="grid gap-6">
          <li className="flex gap-4">
            <ShieldCheck className="size-6 shrink-0 text-primary" aria-hidden />
            <div>
              <h3 className="font-semibold">Your data stays yours</h3>
              <p className="text-sm text-muted-foreground">
                Every record belongs to your account alone. Export all of it as CSV, vCard or JSON
                at any time, and delete it when you leave.
              </p>
            </div>
          </li>
          <li className="flex gap-4">
            <Server className="size-6 shrink-0 text-primary" aria-hidden />
            <div>
              <h3 className="font-semibold">Self-hostable</h3>
              <p className="text-sm text-muted-foreground">
                Run {appName} on your own server: it ships with a built-in database and works
                without any outside service. Your replies are read on that server too, unless you
                choose an AI model. Or let us host it for you.
              </p>
            </div>
          </li>
        </ul>
      </div>
    </section>
  );
}
