// /app/settings (spec 02 §2): appearance, reminders, chat and push channels, the calendar feed,
// log by email, phone and subscription.
import { Suspense, useEffect, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { SETTINGS_MESSAGES } from "../../../../core/settings";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SkeletonCard } from "../../../components/ui/skeleton";
import { PageSpinner } from "../../../components/ui/spinner";
import { lazyComponent, lazyModule } from "../../../lib/lazy";
import { toast } from "../../../lib/toast";
import { useMe } from "../../../lib/session/get-me";
import { useReminderSettings } from "../api/get-reminder-settings";
import { AppearanceCard } from "./appearance-card";
import { CalendarCard } from "./calendar-card";
import { PhoneSyncCard } from "./phone-sync-card";
import { LogByEmailCard } from "./log-by-email-card";
import { RemindersCard } from "./reminders-card";

// The chat channels, phone and account cards, below the reminders, load after the first paint,
// as the settings are read: by the time those have arrived the cards' code normally has
// too, so they render with the others; if not, a skeleton of their size stands in.
const chatChannelsCard = lazyModule(() => import("./chat-channels-card"));
const ChatChannelsCard = lazyComponent(chatChannelsCard, (m) => m.ChatChannelsCard);
const pushCard = lazyModule(() => import("./push-notifications-card"));
const PushNotificationsCard = lazyComponent(pushCard, (m) => m.PushNotificationsCard);
const phoneCard = lazyModule(() => import("./phone-card"));
const PhoneCard = lazyComponent(phoneCard, (m) => m.PhoneCard);
const apiTokensCard = lazyModule(() => import("./api-tokens-card"));
const ApiTokensCard = lazyComponent(apiTokensCard, (m) => m.ApiTokensCard);
const webhooksCard = lazyModule(() => import("./webhooks-card"));
const WebhooksCard = lazyComponent(webhooksCard, (m) => m.WebhooksCard);
const accountCard = lazyModule(() => import("./account-card"));
const AccountCard = lazyComponent(accountCard, (m) => m.AccountCard);

// The server creates missing settings rows on read and names that failure (spec 02 §8).
function loadFailureText(error: unknown): string {
  return error instanceof Error && error.message === SETTINGS_MESSAGES.createDefaultsFailed
    ? SETTINGS_MESSAGES.createDefaultsFailed
    : SETTINGS_MESSAGES.loadFailed;
}

/** `subscriptionCard`: billing's card, composed in app/routes/settings-route.tsx. */
export function SettingsPage({ subscriptionCard }: { subscriptionCard: ReactNode }) {
  const me = useMe();
  const reminders = useReminderSettings();
  const failure = me.isError ? me.error : reminders.isError ? reminders.error : null;
  const failureText = failure ? loadFailureText(failure) : null;

  // The address the server has now: not the device's copy the page may open with, which still
  // holds the old one until /api/me answers.
  useEmailChangeOutcome(me.isStale ? undefined : me.data?.user.email);
  useEffect(() => {
    chatChannelsCard.preload().catch(() => undefined);
    pushCard.preload().catch(() => undefined);
    phoneCard.preload().catch(() => undefined);
    apiTokensCard.preload().catch(() => undefined);
    accountCard.preload().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!failureText) return;
    toast({
      title: SETTINGS_MESSAGES.errorTitle,
      description: failureText,
      variant: "destructive",
    });
  }, [failureText]);

  let body;
  if (failureText) {
    body = (
      <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
        <span>{failureText}</span>
        <Button
          variant="outline"
          onClick={() => {
            void me.refetch();
            void reminders.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (!me.data || !reminders.data) {
    body = <PageSpinner label="Loading settings" />;
  } else {
    const { user, settings } = me.data;
    body = (
      <>
        <AppearanceCard theme={settings.theme} />
        <RemindersCard
          saved={reminders.data}
          email={user.email}
          phoneNumber={user.phoneNumber}
          isPhoneVerified={user.phoneNumberVerified === true}
        />
        <Suspense fallback={<SkeletonCard label="Loading your chat channels" className="h-96" />}>
          <ChatChannelsCard
            phoneNumber={user.phoneNumber}
            isPhoneVerified={user.phoneNumberVerified === true}
          />
        </Suspense>
        <Suspense fallback={<SkeletonCard label="Loading your devices" className="h-72" />}>
          <PushNotificationsCard />
        </Suspense>
        <CalendarCard />
        <PhoneSyncCard />
        <LogByEmailCard />
        <Suspense fallback={<SkeletonCard label="Loading your phone number" className="h-72" />}>
          <PhoneCard
            key={user.phoneNumber ?? "none"}
            phoneNumber={user.phoneNumber}
            isVerified={user.phoneNumberVerified === true}
          />
        </Suspense>
        <Suspense fallback={<SkeletonCard label="Loading your API tokens" className="h-80" />}>
          <ApiTokensCard />
        </Suspense>
        <Suspense fallback={<SkeletonCard label="Loading your webhooks" className="h-96" />}>
          <WebhooksCard />
        </Suspense>
        {subscriptionCard}
        <Suspense fallback={<SkeletonCard label="Loading your account" className="h-96" />}>
          <AccountCard email={user.email} hasPassword={user.hasPassword} />
        </Suspense>
      </>
    );
  }

  return (
    <section aria-labelledby="settings-title" className="grid grid-cols-1 gap-6">
      <div>
        <h1 id="settings-title" className="text-3xl font-bold">
          Settings
        </h1>
        <p className="text-muted-foreground">
          Appearance, reminders by email, text, chat or push, your calendar feed, logging by email,
          your phone number, your subscription and your account.
        </p>
      </div>
      {body}
    </section>
  );
}

// The link of an email change lands here: `?email-change=done`, with `&error=CODE`
// when Better Auth refused it. Said once, then the address bar is cleaned.
function useEmailChangeOutcome(email: string | undefined) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("email-change");
  const error = params.get("error");
  useEffect(() => {
    if (outcome !== "done" || !email) return;
    if (!error) {
      toast({ title: "Email changed", description: `You now sign in with ${email}.` });
    } else {
      toast({
        title: "Your email was not changed",
        description:
          error === "EMAIL_IN_USE"
            ? "That address now belongs to another account. Choose another one below."
            : "That link has expired or was already used. Ask for a new one below.",
        variant: "destructive",
      });
    }
    setParams({}, { replace: true });
  }, [outcome, error, email, setParams]);
}
