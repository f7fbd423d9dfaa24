// Connecting the chat apps: Telegram by a one-use start link the user opens in Telegram (the list
// polls until the bot has seen it), WhatsApp by opting in the verified phone number.
import { ExternalLink, MessageCircle, Send } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { useConnectTelegram } from "../api/connect-telegram";
import { useConnectWhatsApp } from "../api/connect-whatsapp";

function InlineError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {errorMessage(error)}
    </p>
  );
}

/** `isPending`: a start link was made earlier and not used yet (perhaps in another tab). */
export function TelegramConnect({ isPending }: { isPending: boolean }) {
  const connect = useConnectTelegram();
  const startLink = connect.data?.link;
  const askLabel = startLink || isPending ? "Get a new link" : "Connect Telegram";
  return (
    <div className="grid justify-items-start gap-3">
      {startLink ? (
        <>
          <Button asChild>
            <a href={startLink} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Open Telegram
            </a>
          </Button>
          <p className="text-sm text-muted-foreground" role="status">
            In Telegram, press Start. The link works once, for 15 minutes; this shows Connected as
            soon as you have used it.
          </p>
        </>
      ) : isPending ? (
        <p className="text-sm text-muted-foreground">
          A start link is waiting to be opened in Telegram. Lost it? Get a new one: the old one
          stops working.
        </p>
      ) : null}
      <Button
        variant={startLink ? "ghost" : "outline"}
        onClick={() => connect.mutate()}
        disabled={connect.isPending}
      >
        <Send aria-hidden />
        {connect.isPending ? "Getting a link..." : askLabel}
      </Button>
      {connect.isError ? <InlineError error={connect.error} /> : null}
    </div>
  );
}

export function WhatsAppConnect(props: { phoneNumber: string | null; isPhoneVerified: boolean }) {
  const connect = useConnectWhatsApp();
  const verifiedNumber = props.isPhoneVerified ? props.phoneNumber : null;
  return (
    <div className="grid justify-items-start gap-3">
      {verifiedNumber ? null : (
        <p className="text-sm text-muted-foreground">
          WhatsApp reminders go to your verified phone number: add and verify it under Phone below.
        </p>
      )}
      <Button variant="outline" onClick={() => connect.mutate()} disabled={connect.isPending}>
        <MessageCircle aria-hidden />
        {connect.isPending
          ? "Turning on..."
          : verifiedNumber
            ? `Use WhatsApp on ${verifiedNumber}`
            : "Use WhatsApp"}
      </Button>
      {connect.isError ? <InlineError error={connect.error} /> : null}
    </div>
  );
}
