// The privacy notice and the terms: what the server stores, for how long, and who receives what.
// Each outside service is named with the condition under which it is used at all, since a
// self-hosted server may run with none of them.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PLAN_PRICE_USD } from "../../core/constants";
import { useProductName, useTrialDays } from "../lib/session/get-config";

function LegalPage(props: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
      <div className="mt-6 grid gap-6 text-muted-foreground">{props.children}</div>
      <p className="mt-10 text-sm text-muted-foreground">
        <Link to="/privacy" className="underline">
          Privacy
        </Link>{" "}
        ·{" "}
        <Link to="/terms" className="underline">
          Terms
        </Link>{" "}
        ·{" "}
        <Link to="/" className="underline">
          Home
        </Link>
      </p>
    </main>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-xl font-semibold text-foreground">{props.title}</h2>
      {props.children}
    </section>
  );
}

export function PrivacyPage() {
  const appName = useProductName();
  return (
    <LegalPage title="Privacy">
      <p>
        {appName} keeps your relationships private by default: it has no ads and no analytics, sells
        nothing, and sends your data only to the services listed below, each only when this server
        is set up to use it.
      </p>
      <Section title="What is stored">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Your account: e-mail address, name, password (only as a one-way hash), avatar, time
            zone, country, reminder settings, and a phone number if you add one.
          </li>
          <li>
            Your contacts and what you keep about them: names, e-mail addresses, phone numbers,
            birthdays, places, tags, notes, rhythms, snoozes and the log of when you were in touch.
          </li>
          <li>
            Your reminders and notifications, and the files you import while you can undo them.
          </li>
          <li>Feedback you send, with its image if you attach one.</li>
          <li>
            For each signed-in session, the network address and browser it came from; the
            server&apos;s log records each request&apos;s address, path and result for
            troubleshooting.
          </li>
        </ul>
      </Section>
      <Section title="For how long">
        <p>
          Your contacts and their history are kept while your account exists. What we send you is
          not: the text of a reminder or other message is removed 30 days after it went out, and the
          record that it was sent a year after. Sign-in records, past imports, one-tap uses and the
          log of what your webhooks were sent go after a year, and a notification half a year after
          you read it. A session ends after 30 days or when you sign out. Deleting your account in
          Settings deletes your contacts, their history, your reminders, notifications and sessions
          at once; feedback is kept so it can be answered.
        </p>
      </Section>
      <Section title="Who receives what">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The mail server: your e-mail address and the mail itself (confirmation, password reset,
            reminders you asked for).
          </li>
          <li>
            Twilio, if text messages are set up and you add a phone: your number and the text.
          </li>
          <li>
            Stripe, if payments go through Stripe: your e-mail address; card details go to Stripe
            directly and never reach {appName}.
          </li>
          <li>Google, only if you choose &ldquo;Continue with Google&rdquo;.</li>
          <li>
            A map provider, if one is set up: your browser asks it for the map images of the areas
            you look at. Your contacts are not sent; without a provider the map is drawn offline.
          </li>
          <li>
            An online place search, if one is set up: the place names you type or import. Otherwise
            places are found offline.
          </li>
        </ul>
      </Section>
      <Section title="Your choices">
        <p>
          Export everything as CSV, vCard or JSON at any time from the{" "}
          <Link to="/app/import" className="underline">
            Data
          </Link>{" "}
          page, correct anything you keep, and delete your account from{" "}
          <Link to="/app/settings" className="underline">
            Settings
          </Link>
          . Questions go through Feedback and Support in the user menu.
        </p>
      </Section>
    </LegalPage>
  );
}

export function TermsPage() {
  const appName = useProductName();
  const trialDays = useTrialDays();
  return (
    <LegalPage title="Terms">
      <Section title="The service">
        <p>
          {appName} keeps your contacts, reminds you when someone is due, and shows them on a map.
          What you put in stays yours: you can export it or delete it at any time.
        </p>
      </Section>
      <Section title="Paying">
        <p>
          {appName} costs {PLAN_PRICE_USD} USD a month
          {trialDays > 0 ? `, after a ${trialDays}-day free trial that needs no card` : ""}. You can
          cancel at any time in Settings; you keep access until the end of the period you paid for,
          and nothing more is charged.
        </p>
      </Section>
      <Section title="Fair use">
        <p>
          Keep only what you may keep about the people in your contacts, and do not use {appName} to
          send messages to others, to probe or overload it, or to reach anyone else&apos;s data.
        </p>
      </Section>
      <Section title="No guarantee">
        <p>
          {appName} is provided as it is. We work to keep it running and your data safe, and we tell
          you by e-mail before these terms change.
        </p>
      </Section>
    </LegalPage>
  );
}
