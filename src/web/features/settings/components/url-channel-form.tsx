// Connecting the channels that are a URL of the user's own: an ntfy topic (with an access token
// for a protected one) or a webhook. Once connected the form changes the URL, behind a disclosure.
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { showServerErrors } from "../../../lib/form-errors";
import { useProductName } from "../../../lib/session/get-config";
import { toast } from "../../../lib/toast";
import { useSaveChatChannel } from "../api/save-chat-channel";
import { toastSettingUpdated } from "./settings-toasts";

type UrlChannelValues = { url: string; token: string };

const WORDS = {
  ntfy: {
    urlLabel: "Topic URL",
    placeholder: "https://ntfy.sh/your-topic",
    missing: "Enter your topic's URL, for example https://ntfy.sh/your-topic.",
    connect: "Connect ntfy",
    change: "Change the topic",
    connected: "ntfy connected",
  },
  webhook: {
    urlLabel: "Webhook URL",
    placeholder: "https://example.com/tend-webhook",
    missing: "Enter the URL that should receive your reminders.",
    connect: "Connect webhook",
    change: "Change the URL",
    connected: "Webhook connected",
  },
} as const;

function UrlChannelFields({
  kind,
  isConnected,
}: {
  kind: "ntfy" | "webhook";
  isConnected: boolean;
}) {
  const words = WORDS[kind];
  const productName = useProductName();
  const save = useSaveChatChannel();
  const form = useForm<UrlChannelValues>({ defaultValues: { url: "", token: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ url, token }) => {
    try {
      await save.mutateAsync(
        kind === "ntfy"
          ? { kind, url: url.trim(), ...(token.trim() ? { token: token.trim() } : {}) }
          : { kind, url: url.trim() },
      );
      form.reset();
      if (isConnected) toastSettingUpdated();
      else
        toast({
          title: words.connected,
          description: "Send a test to see a reminder arrive.",
          variant: "success",
        });
    } catch (error) {
      showServerErrors(form.setError, error, {
        fallback: "That could not be saved. Please try again.",
        knownFields: ["url", "token"],
      });
    }
  });

  return (
    <form
      noValidate
      className="grid gap-4 sm:max-w-xl"
      aria-busy={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field
        label={isConnected ? `New ${words.urlLabel.toLowerCase()}` : words.urlLabel}
        error={errors.url?.message}
        description={
          kind === "ntfy"
            ? "Subscribe to the same topic in the ntfy app. Pick a name nobody would guess."
            : `${productName} sends a signed POST with a JSON body to it for every digest.`
        }
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={words.placeholder}
          {...form.register("url", {
            validate: (value) => (value.trim() ? true : words.missing),
          })}
        />
      </Field>
      {kind === "ntfy" ? (
        <Field
          label="Access token (optional)"
          error={errors.token?.message}
          description="Only for a protected topic on your own server. It is kept private and never shown again."
        >
          <Input
            type="password"
            autoComplete="off"
            spellCheck={false}
            {...form.register("token")}
          />
        </Field>
      ) : null}
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div>
        <Button
          type="submit"
          variant={isConnected ? "outline" : "default"}
          disabled={save.isPending}
        >
          {save.isPending ? "Saving..." : isConnected ? "Save" : words.connect}
        </Button>
      </div>
    </form>
  );
}

export function UrlChannelForm(props: { kind: "ntfy" | "webhook"; isConnected: boolean }) {
  if (!props.isConnected) return <UrlChannelFields {...props} />;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline">
        {WORDS[props.kind].change}
      </summary>
      <div className="pt-3">
        <UrlChannelFields {...props} />
      </div>
    </details>
  );
}
