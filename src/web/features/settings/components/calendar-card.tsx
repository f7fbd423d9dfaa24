// Settings → Calendar feed: a private iCalendar URL with each contact's next due day and the
// birthdays of the next 90 days, for any calendar app. A new link revokes the old one.
import { CalendarPlus } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateCalendarLink } from "../api/create-calendar-link";
import { useReminderChannels } from "../api/get-reminder-channels";
import { LoadError } from "../../../components/load-error";
import { SecretAddressButtons } from "./secret-address-buttons";
import { copySecret } from "./secret-text";

export function CalendarCard() {
  const channels = useReminderChannels();
  const create = useCreateCalendarLink();
  const input = useRef<HTMLInputElement>(null);
  const url = channels.data?.calendarUrl ?? null;

  function makeLink(isNew: boolean) {
    create.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: isNew ? "New calendar link ready" : "Calendar link created",
          description: isNew
            ? "The old link no longer works. Add the new one to your calendar app."
            : "Copy it into your calendar app.",
          variant: "success",
        }),
      onError: (error) =>
        toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
    });
  }

  function copy() {
    if (!url) return;
    void copySecret(url, {
      noun: "link",
      copied: "Paste it into your calendar app.",
      select: () => input.current?.select(),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          See each contact&apos;s next due day and their birthdays for the next 90 days in any
          calendar app (Google Calendar, Apple Calendar, Outlook) as all-day events. It updates by
          itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {channels.isError ? (
          <LoadError error={channels.error} onRetry={() => void channels.refetch()} />
        ) : !channels.data ? null : url ? (
          <>
            <Field
              label="Your private calendar link"
              description="In your calendar app, add a calendar from a URL (subscribe) and paste this. Anyone with the link can see these names and dates: keep it to yourself."
            >
              <Input
                ref={input}
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
              />
            </Field>
            <SecretAddressButtons
              onCopy={copy}
              noun="link"
              isRenewing={create.isPending}
              title="Get a new calendar link?"
              description="The current link stops working at once: calendars subscribed to it stop updating until you add the new link. Do this if the link got into the wrong hands."
              onRenew={() => makeLink(true)}
            />
          </>
        ) : (
          <div className="justify-self-start">
            <Button onClick={() => makeLink(false)} disabled={create.isPending}>
              <CalendarPlus aria-hidden />
              {create.isPending ? "Creating..." : "Create calendar link"}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
