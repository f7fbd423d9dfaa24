// Settings → Log by email (issue 48): the private forwarding address (copy, or a new one that
// revokes the old), whether replies to reminders are read on this server, and who reads them.
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { LoadError } from "../../../components/load-error";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { errorMessage } from "../../../lib/api-client";
import { useProductName } from "../../../lib/session/get-config";
import { toast } from "../../../lib/toast";
import { useInboundSettings } from "../api/get-inbound-settings";
import { useRegenerateForwardingAddress } from "../api/regenerate-forwarding-address";
import { SecretAddressButtons } from "./secret-address-buttons";
import { copySecret, SecretText, selectText } from "./secret-text";

export const LOG_BY_EMAIL_HASH = "#log-by-email";

export function LogByEmailCard() {
  const inbound = useInboundSettings();
  const regenerate = useRegenerateForwardingAddress();
  const productName = useProductName();
  const addressRef = useRef<HTMLParagraphElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const isAskedFor = useLocation().hash === LOG_BY_EMAIL_HASH;
  const settings = inbound.data;
  const address = settings?.forwardingAddress ?? null;
  useEffect(() => {
    if (isAskedFor && settings) card.current?.scrollIntoView({ block: "start" });
  }, [isAskedFor, settings]);

  function copy() {
    if (!address) return;
    void copySecret(address, {
      noun: "address",
      copied: "Forward or BCC mail to it to log it.",
      select: () => selectText(addressRef.current),
    });
  }

  function makeNewAddress() {
    regenerate.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: "New forwarding address ready",
          description: "The old address no longer works. Use the new one from now on.",
          variant: "success",
        }),
      onError: (error) =>
        toast({ title: "Error", description: errorMessage(error), variant: "destructive" }),
    });
  }

  return (
    <Card id="log-by-email" ref={card} className="scroll-mt-28">
      <CardHeader>
        <CardTitle>Log by email</CardTitle>
        <CardDescription>
          Answer a reminder in your own words (“had coffee with Grace yesterday”), or forward a mail
          you sent, and {productName} adds it to your contacts&apos; history. What it did and what
          it suggests is in{" "}
          <Link to="/app/replies" className="font-medium text-primary underline">
            Replies
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {inbound.isError ? (
          <LoadError error={inbound.error} onRetry={() => void inbound.refetch()} />
        ) : !settings ? null : (
          <>
            {settings.mailEnabled && address ? (
              <>
                <SecretText
                  ref={addressRef}
                  label="Your private forwarding address"
                  value={address}
                  testId="forwarding-address"
                  hint="Forward or BCC a mail to it: the other people in it (From, To, Cc) who are in your contacts get it in their history, with the subject as the note. Only mail from your own address counts. Keep the address to yourself."
                />
                <SecretAddressButtons
                  onCopy={copy}
                  noun="address"
                  isRenewing={regenerate.isPending}
                  title="Get a new forwarding address?"
                  description="The current address stops working at once: mail sent to it is no longer logged. Do this if the address got into the wrong hands."
                  onRenew={makeNewAddress}
                />
              </>
            ) : null}
            <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-medium">Replies to reminder mails</dt>
              <dd className="text-muted-foreground">
                {settings.mailEnabled
                  ? "On: answer a reminder mail and your words are read."
                  : "Off: mail is not set up on this server."}
              </dd>
              <dt className="font-medium">Replies to reminder texts</dt>
              <dd className="text-muted-foreground">
                {settings.smsEnabled
                  ? "On: answer a reminder text from your verified number and your words are read."
                  : "Off: texts are not set up on this server."}
              </dd>
              <dt className="font-medium">Who reads your replies</dt>
              <dd className="text-muted-foreground">
                {settings.reader.kind === "builtin"
                  ? `${settings.reader.label}: ${productName} reads them itself, and nothing you write is sent anywhere else.`
                  : `${settings.reader.label}: the words of each reply are sent to this model, and ${productName} checks what it proposes with the same rules. If the model fails, ${productName} reads them itself.`}
              </dd>
            </dl>
            {settings.mailEnabled ? null : (
              <p className="rounded-md border border-border bg-muted/50 p-3 text-sm">
                To turn it on, whoever runs {productName} sets <code>INBOUND_SMTP_PORT</code> (
                {productName} receives mail itself) or <code>INBOUND_IMAP_URL</code> ({productName}{" "}
                reads a mailbox you already have). Until then, log by hand or with the one-tap links
                in reminders.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
