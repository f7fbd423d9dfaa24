// Settings → Reminders: why reminders are not arriving where the user expects, and the way back:
// email turned off by an unsubscribe, an address whose mail bounced, texts paused after a day of
// failed deliveries. Nothing is ever deleted by any of these.
import { AlertTriangle, MailX } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format-date";
import { useConfig } from "../../../lib/session/get-config";
import { useReminderChannels } from "../api/get-reminder-channels";
import { useResumeEmailReminders } from "../api/resume-email-reminders";
import { toastSettingFailed, toastSettingUpdated } from "./settings-toasts";

function Notice(props: { icon: ReactNode; title: string; children: ReactNode; testId: string }) {
  return (
    <Alert role="status" className="flex gap-3" data-testid={props.testId}>
      <span className="mt-0.5 text-warning">{props.icon}</span>
      <div className="grid flex-1 justify-items-start gap-2">
        <p className="font-semibold">{props.title}</p>
        {props.children}
      </div>
    </Alert>
  );
}

// The email notice: a bounce pauses one address; an unsubscribe turns email off. One request
// (resume) answers both.
function EmailNotice(props: {
  bouncedAddress: string | null;
  supportEmail: string | undefined;
  onResume: () => void;
  isPending: boolean;
}) {
  const { bouncedAddress, supportEmail } = props;
  const notice = bouncedAddress
    ? {
        testId: "email-bounced",
        title: "Reminder emails are paused",
        action: props.isPending ? "Confirming..." : "Confirm this address",
        body: (
          <>
            <p>
              Mail to <strong className="break-all">{bouncedAddress}</strong> bounced: the receiving
              server refused it, so reminders to that address are paused. Nothing was deleted.
            </p>
            <p>
              If the address is right, confirm it and reminders are sent to it again.
              {supportEmail ? (
                <>
                  {" "}
                  If it is wrong, write to{" "}
                  <a className="font-medium text-primary underline" href={`mailto:${supportEmail}`}>
                    {supportEmail}
                  </a>{" "}
                  to change it.
                </>
              ) : null}
            </p>
          </>
        ),
      }
    : {
        testId: "email-off",
        title: "Email reminders are off",
        action: props.isPending ? "Turning on..." : "Turn email reminders back on",
        body: (
          <p>
            You unsubscribed from reminder emails, so none are sent. Your contacts, rhythms and
            history are as they were.
          </p>
        ),
      };
  return (
    <Notice
      testId={notice.testId}
      title={notice.title}
      icon={<MailX className="size-5" aria-hidden />}
    >
      {notice.body}
      <Button onClick={props.onResume} disabled={props.isPending}>
        {notice.action}
      </Button>
    </Notice>
  );
}

export function ReminderChannelStatus({ timeZone }: { timeZone: string }) {
  const { data: channels } = useReminderChannels();
  const supportEmail = useConfig().data?.supportEmail;
  const resume = useResumeEmailReminders();
  if (!channels) return null;

  const { emailBouncedAddress, emailRemindersEnabled, smsSuspendedAt } = channels;
  return (
    <>
      {emailBouncedAddress || !emailRemindersEnabled ? (
        <EmailNotice
          bouncedAddress={emailBouncedAddress}
          supportEmail={supportEmail}
          isPending={resume.isPending}
          onResume={() =>
            resume.mutate(undefined, {
              onSuccess: toastSettingUpdated,
              onError: toastSettingFailed,
            })
          }
        />
      ) : null}
      {smsSuspendedAt ? (
        <Notice
          testId="sms-paused"
          title="Text reminders are paused"
          icon={<AlertTriangle className="size-5" aria-hidden />}
        >
          <p>
            Texts to your phone could not be delivered for a whole day, so since{" "}
            {formatDateTime(smsSuspendedAt, { timeZone, withZone: true })} your reminders come by
            email. Nothing was deleted. Check the number under Phone below: text reminders start
            again as soon as a text to it goes through, such as a verification code.
          </p>
        </Notice>
      ) : null}
    </>
  );
}
