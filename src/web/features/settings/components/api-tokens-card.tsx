// Settings → API tokens: personal access tokens for scripts and AI assistants. A new token is
// shown once, with a Copy button; the list tells when each was last used and when it expires.
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
} from "../../../../core/api-tokens";
import { DateText } from "../../../components/date-text";
import { LoadError } from "../../../components/load-error";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import { showServerErrors } from "../../../lib/form-errors";
import { useProductName } from "../../../lib/session/get-config";
import { useCreateApiToken } from "../api/create-api-token";
import { useApiTokens } from "../api/list-api-tokens";
import { useRevokeApiToken } from "../api/revoke-api-token";
import { RevokeCredential } from "./revoke-credential";
import { ShownOnceSecret } from "./shown-once-secret";

type TokenValues = { name: string; scope: ApiTokenScope; expiry: string };

const EXPIRY_LABELS = new Map<string, string>(
  API_TOKEN_EXPIRY_DAYS.map((days) => [String(days), days ? `${days} days` : "No expiry"]),
);

function TokenForm(props: { onCreated: (token: string) => void }) {
  const create = useCreateApiToken();
  const form = useForm<TokenValues>({
    defaultValues: { name: "", scope: "read", expiry: "90" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, scope, expiry }) => {
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        scope,
        expiresInDays: expiry === "null" ? null : (Number(expiry) as 30 | 90 | 365),
      });
      form.reset();
      props.onCreated(created.token);
    } catch (error) {
      showServerErrors(form.setError, error, {
        fallback: "The token could not be made. Please try again.",
        fieldNames: { expiresInDays: "expiry" },
        knownFields: ["name", "scope", "expiry"],
      });
    }
  });

  return (
    <form
      noValidate
      aria-label="New token"
      className="grid gap-4 sm:grid-cols-2"
      aria-busy={create.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field
        label="Name"
        error={errors.name?.message}
        description="What uses it, so you know which to revoke: “Shortcuts”, “Claude”."
        className="grid gap-2 sm:col-span-2"
      >
        <Input
          autoComplete="off"
          maxLength={API_TOKEN_NAME_MAX}
          {...form.register("name", {
            validate: (value) =>
              value.trim()
                ? true
                : "Give the token a name, such as the script or assistant that uses it.",
          })}
        />
      </Field>
      <Field label="Access" error={errors.scope?.message}>
        <Select {...form.register("scope")}>
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {API_TOKEN_SCOPE_LABELS[scope]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Expires after" error={errors.expiry?.message}>
        <Select {...form.register("expiry")}>
          {[...EXPIRY_LABELS].map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {errors.root.message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          <KeyRound aria-hidden />
          {create.isPending ? "Creating..." : "Create token"}
        </Button>
      </div>
    </form>
  );
}

function TokenRow({ token, now }: { token: ApiToken; now: number }) {
  const revoke = useRevokeApiToken();
  const isExpired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="api-token">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
          {token.name}
          <Badge variant="secondary">{API_TOKEN_SCOPE_LABELS[token.scope]}</Badge>
        </p>
        <p className="font-mono text-xs text-muted-foreground">{token.prefix}…</p>
        <p className="text-sm text-muted-foreground">
          {token.lastUsedAt ? (
            <>
              Last used <DateText value={token.lastUsedAt} />
            </>
          ) : (
            "Never used"
          )}
          {" · "}
          {token.expiresAt === null ? (
            "Never expires"
          ) : isExpired ? (
            <span className="text-destructive">Expired</span>
          ) : (
            <>
              Expires <DateText value={token.expiresAt} />
            </>
          )}
        </p>
      </div>
      <RevokeCredential
        name={token.name}
        description="Whatever uses this token is refused from its next request on. This cannot be undone."
        revokedTitle="Token revoked"
        isPending={revoke.isPending}
        revoke={(callbacks) => revoke.mutate(token.id, callbacks)}
      />
    </li>
  );
}

export function ApiTokensCard() {
  const productName = useProductName();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<string | null>(null);
  // When the list was read: an expiry is shown against it, not re-read on every render.
  const now = tokens.dataUpdatedAt;
  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>
          Let a script or your AI assistant read and update your contacts through the {productName}{" "}
          API or MCP. Signing out everywhere or changing your password ends every token.{" "}
          <a className="text-primary underline underline-offset-4" href="/api/v1/docs">
            API reference
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? (
          <ShownOnceSecret
            label="Your new token"
            hint="Copy it now and keep it somewhere safe: it is not shown again."
            value={created}
            testId="api-token-secret"
            panelTestId="new-api-token"
            noun="token"
            copied="Paste it into your script or assistant."
            onDone={() => setCreated(null)}
          />
        ) : (
          <TokenForm onCreated={setCreated} />
        )}
        {tokens.isError ? (
          <LoadError error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data && tokens.data.length > 0 ? (
          <section aria-labelledby="api-tokens-list">
            <h3 id="api-tokens-list" className="text-sm font-medium">
              Your tokens
            </h3>
            <ul className="divide-y divide-border">
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} now={now} />
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
