// What /app/replies says before the first reply: how replies reach it, in plain words.
import { Forward, Reply as ReplyIcon } from "lucide-react";
import { Link } from "react-router";

export function RepliesEmpty({ productName }: { productName: string }) {
  return (
    <div className="grid gap-4 rounded-xl border border-border bg-card p-6">
      <h2 className="text-xl font-semibold">No replies yet</h2>
      <p className="text-muted-foreground">
        Tell {productName} what happened in your own words, and it updates your contacts&apos;
        history for you. There are two ways:
      </p>
      <ul className="grid gap-4">
        <li className="flex gap-3">
          <ReplyIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>
            <strong>Answer a reminder.</strong> Reply to a reminder mail or text with something like
            “had coffee with Grace yesterday, she&apos;s moving to Lisbon”, or “done” when you were
            in touch with everyone in it.
          </p>
        </li>
        <li className="flex gap-3">
          <Forward className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>
            <strong>Forward a mail.</strong> Forward or BCC a mail you sent to your private address,
            and the people in it are logged as an email. Your address is in{" "}
            <Link to="/app/settings#log-by-email" className="font-medium text-primary underline">
              Settings → Log by email
            </Link>
            .
          </p>
        </li>
      </ul>
      <p className="text-sm text-muted-foreground">
        What is clear is logged at once, and you can undo it here. When a name fits two people, or
        someone is not in your contacts yet, it waits here for you to accept, edit or dismiss.
      </p>
    </div>
  );
}
