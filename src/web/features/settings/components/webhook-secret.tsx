// The webhook's signing secret, with a Copy button: the receiver needs it to check that a request
// really comes from us.
import { Copy } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { copySecret, SecretText, selectText } from "./secret-text";

export function WebhookSecret({ secret }: { secret: string }) {
  const secretRef = useRef<HTMLParagraphElement>(null);
  return (
    <div className="grid gap-3">
      <SecretText
        ref={secretRef}
        label="Signing secret"
        value={secret}
        testId="webhook-secret"
        hint={
          <>
            Each request carries a <code>Tend-Signature: t=…,v1=…</code> header, signed the way
            Stripe signs: v1 is the HMAC-SHA256, with this secret, of t (the Unix time), a dot and
            the raw body. Check it, and refuse an old t, before you trust a request. Keep the secret
            to yourself.
          </>
        }
      />
      <div>
        <Button
          variant="outline"
          onClick={() =>
            void copySecret(secret, {
              noun: "secret",
              copied: "Paste it into your receiver's settings.",
              select: () => selectText(secretRef.current),
            })
          }
        >
          <Copy aria-hidden />
          Copy secret
        </Button>
      </div>
    </div>
  );
}
