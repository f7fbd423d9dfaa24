// /app/replies (issue 48): every reply received, newest first, its own words, what the assistant
// did with them (with Undo) and what it suggests (Accept, Edit, Dismiss).
import { Suspense, useState } from "react";
import type { ReplyAction } from "../../../../core/replies";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { lazyComponent } from "../../../lib/lazy";
import { useProductName } from "../../../lib/session/get-config";
import { useReplies } from "../api/list-replies";
import type { ContactOption } from "./edit-action-dialog";
import { RepliesEmpty } from "./replies-empty";
import { ReplyCard } from "./reply-card";

// The edit form (react-hook-form, the contract's schema) loads with the page, after it.
const EditActionDialog = lazyComponent(
  () => import("./edit-action-dialog"),
  (m) => m.EditActionDialog,
);

/** `contacts`: everyone the user has, for Edit's "Who" (composed in app/routes/replies-route). */
export function RepliesPage({ contacts }: { contacts?: ContactOption[] }) {
  const replies = useReplies();
  const productName = useProductName();
  const [editing, setEditing] = useState<ReplyAction | null>(null);
  const items = replies.data?.pages.flatMap((page) => page.items) ?? [];
  // The newest page's count: every Accept, Dismiss or Undo reads the list again from the start.
  const pending = replies.data?.pages[0]?.pendingCount ?? 0;

  let body;
  if (replies.isPending) {
    body = <PageSpinner label="Loading replies" />;
  } else if (!replies.data) {
    body = (
      <LoadError
        prefix="We couldn't load your replies. "
        error={replies.error}
        onRetry={() => void replies.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = <RepliesEmpty productName={productName} />;
  } else {
    body = (
      <>
        <ol className="grid gap-6" aria-label="Replies, newest first">
          {items.map((reply) => (
            <li key={reply.id}>
              <ReplyCard reply={reply} onEdit={setEditing} />
            </li>
          ))}
        </ol>
        {replies.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              disabled={replies.isFetchingNextPage}
              onClick={() => void replies.fetchNextPage()}
            >
              {replies.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          </div>
        ) : null}
        {replies.isError ? (
          <LoadError
            prefix="We couldn't load more replies. "
            error={replies.error}
            onRetry={() => void replies.fetchNextPage()}
          />
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="replies-title" className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <h1 id="replies-title" className="text-3xl font-bold">
          Replies
        </h1>
        <p className="text-muted-foreground">
          Your answers to reminders and the mail you forward, as {productName}&apos;s assistant read
          them: what it logged, which you can undo, and what it suggests.
        </p>
        {replies.data && pending > 0 ? (
          <p className="font-medium" role="status">
            {pending === 1 ? "1 suggestion waits for you." : `${pending} suggestions wait for you.`}
          </p>
        ) : null}
      </div>
      {body}
      <Suspense fallback={null}>
        <EditActionDialog action={editing} contacts={contacts} onClose={() => setEditing(null)} />
      </Suspense>
    </section>
  );
}
