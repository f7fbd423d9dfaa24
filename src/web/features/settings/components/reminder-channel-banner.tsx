// Across the signed-in app: reminders are not reaching the user (mail to their address bounced,
// or texts are paused), so they hear it before they miss someone. A plain unsubscribe was their
// own choice and gets no banner. Dismissed for this browser session until the problem changes.
import { AlertTriangle, X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { useReminderChannels } from "../api/get-reminder-channels";

const DISMISSED_KEY = "tend-reminder-banner-dismissed";

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

export function ReminderChannelBanner() {
  const { data: channels } = useReminderChannels();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!channels) return null;
  const { emailBouncedAddress, smsSuspendedAt } = channels;
  const messages = [
    emailBouncedAddress
      ? `Reminder emails are paused: mail to ${emailBouncedAddress} bounced.`
      : null,
    smsSuspendedAt ? "Text reminders are paused and come by email for now." : null,
  ].filter((m): m is string => m !== null);
  // A new problem shows again even after an earlier one was dismissed.
  const signature = `${emailBouncedAddress ?? ""}|${smsSuspendedAt ?? ""}`;
  // Settings shows the same state in full, with the ways to fix it.
  if (messages.length === 0 || dismissed === signature || pathname === "/app/settings") return null;

  function dismiss() {
    try {
      sessionStorage.setItem(DISMISSED_KEY, signature);
    } catch {
      // Private modes may refuse storage: the banner still goes away for this page view.
    }
    setDismissed(signature);
  }

  return (
    <div
      role="status"
      data-testid="reminder-channel-banner"
      className="mb-6 flex items-start gap-3 rounded-lg border border-warning bg-card p-4 text-sm"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div className="grid flex-1 gap-1">
        {messages.map((message) => (
          <p key={message} className="break-words font-medium">
            {message}
          </p>
        ))}
        <p>
          Nothing was deleted.{" "}
          <Link to="/app/settings" className="font-medium text-primary underline">
            Fix it in Settings
          </Link>
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-mr-2 -mt-2 shrink-0"
        onClick={dismiss}
        aria-label="Dismiss this message"
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
