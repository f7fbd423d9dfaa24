// Settings → Chat and push reminders (issue 49): besides the email or text chosen above, the
// digest also goes to each channel connected here — Telegram, WhatsApp, ntfy, a webhook — each
// with its state, a test send, disconnecting and its own way to connect.
import {
  CHAT_CHANNEL_KINDS,
  CHAT_CHANNEL_LABELS,
  type ChatChannel,
  type ChatChannelKind,
} from "../../../../core/chat-channels";
import { LoadError } from "../../../components/load-error";
import { Badge } from "../../../components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useChatChannels } from "../api/get-chat-channels";
import { ChatChannelActions } from "./chat-channel-actions";
import { TelegramConnect, WhatsAppConnect } from "./chat-channel-connect";
import { UrlChannelForm } from "./url-channel-form";
import { WebhookSecret } from "./webhook-secret";

const CHANNEL_PURPOSES: Record<ChatChannelKind, string> = {
  telegram: "A message from our bot with a button per person; answer it in your own words.",
  whatsapp: "A message to your verified phone number with buttons to tap.",
  ntfy: "A push notification on your phone from ntfy.sh or your own ntfy server.",
  webhook: "A signed JSON request to your own URL for every digest.",
};

function ChannelStatus({ kind, channel }: { kind: ChatChannelKind; channel?: ChatChannel }) {
  if (!channel) return <Badge variant="outline">Not connected</Badge>;
  if (channel.status === "pending") {
    return <Badge variant="warning">Waiting for you in {CHAT_CHANNEL_LABELS[kind]}</Badge>;
  }
  return channel.status === "suspended" ? (
    <Badge variant="danger">Paused</Badge>
  ) : (
    <Badge variant="success">Connected</Badge>
  );
}

/** Who it is connected to, or why it is paused, in the server's words. */
function ChannelDetail({ channel }: { channel?: ChatChannel }) {
  if (!channel || channel.status === "pending") return null;
  const text =
    channel.status === "suspended"
      ? `Paused: ${channel.lastError ?? "the last reminders could not be delivered."}`
      : channel.label;
  return text ? <p className="text-sm font-medium [overflow-wrap:anywhere]">{text}</p> : null;
}

function ConnectControl(props: {
  kind: ChatChannelKind;
  channel?: ChatChannel;
  phoneNumber: string | null;
  isPhoneVerified: boolean;
}) {
  const { kind, channel } = props;
  const isConnected = Boolean(channel && channel.status !== "pending");
  switch (kind) {
    case "telegram":
      return isConnected ? null : <TelegramConnect isPending={channel?.status === "pending"} />;
    case "whatsapp":
      return isConnected ? null : (
        <WhatsAppConnect phoneNumber={props.phoneNumber} isPhoneVerified={props.isPhoneVerified} />
      );
    case "ntfy":
    case "webhook":
      return <UrlChannelForm kind={kind} isConnected={isConnected} />;
  }
}

function ChannelItem(props: {
  kind: ChatChannelKind;
  channel?: ChatChannel;
  isAvailable: boolean;
  phoneNumber: string | null;
  isPhoneVerified: boolean;
}) {
  const { kind, channel, isAvailable } = props;
  const titleId = `chat-channel-${kind}`;
  const isConnected = Boolean(channel && channel.status !== "pending");
  return (
    <li
      aria-labelledby={titleId}
      className="grid min-w-0 gap-3 py-5 first:pt-0 last:pb-0"
      data-testid={`chat-channel-${kind}`}
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={titleId} className="text-base font-semibold">
            {CHAT_CHANNEL_LABELS[kind]}
          </h3>
          {isAvailable || channel ? <ChannelStatus kind={kind} channel={channel} /> : null}
        </div>
        <ChannelDetail channel={channel} />
        <p className="text-sm text-muted-foreground">{CHANNEL_PURPOSES[kind]}</p>
      </div>
      {kind === "webhook" && channel?.secret ? <WebhookSecret secret={channel.secret} /> : null}
      {isConnected ? <ChatChannelActions kind={kind} label={channel?.label ?? null} /> : null}
      {isAvailable ? (
        <ConnectControl
          kind={kind}
          channel={channel}
          phoneNumber={props.phoneNumber}
          isPhoneVerified={props.isPhoneVerified}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Not set up on this server.</p>
      )}
    </li>
  );
}

export function ChatChannelsCard(props: { phoneNumber: string | null; isPhoneVerified: boolean }) {
  const list = useChatChannels();
  return (
    <Card id="chat-reminders" className="scroll-mt-28">
      <CardHeader>
        <CardTitle>Chat and push reminders</CardTitle>
        <CardDescription>
          Get the same digest in a chat or as a push notification too, besides the email or text
          above. Connect as many as you like.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner label="Loading your chat channels" />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <ul aria-label="Chat and push channels" className="grid divide-y divide-border">
            {CHAT_CHANNEL_KINDS.map((kind) => (
              <ChannelItem
                key={kind}
                kind={kind}
                channel={list.data.channels.find((c) => c.kind === kind)}
                isAvailable={list.data.available[kind]}
                phoneNumber={props.phoneNumber}
                isPhoneVerified={props.isPhoneVerified}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
