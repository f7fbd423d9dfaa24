// SYSTEM_ALERT notifications for imports: "Import finished", written in the
// import's own transaction, and "Import failed", written after the import's transaction rolled
// back (nothing of the import exists then, so it cannot share its transaction).
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { toConflictError } from "../../lib/db-errors";
import { formatWholeNumber } from "../../../core/plural";
import { escapeHtml } from "../../lib/html";
import { notifyUsers, type NewNotification } from "../notifications/notifications.public";

/** The upload's name, or words for a file sent without one. */
const fileLabel = (fileName: string | null) => escapeHtml(fileName ?? "Your file");

const count = formatWholeNumber;
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

export function importFinishedAlert(input: {
  userId: string;
  importId: string;
  fileName: string | null;
  created: number;
  merged: number;
  skipped: number;
  /** People imported without the photo their card carried, which could not be read. */
  photosLeftOut?: string[];
  /** The person carrying each link to a related person that named no one, or several people. */
  linksLeftOut?: string[];
}): NewNotification {
  const linkNames = [...new Set(input.linksLeftOut ?? [])];
  const links = linkNames.length
    ? `<p>${escapeHtml(
        `${plural(input.linksLeftOut!.length, "link")} to related people left out, for ${linkNames.slice(0, 10).join(", ")}${
          linkNames.length > 10 ? ` and ${count(linkNames.length - 10)} more` : ""
        }: the person named was not found, or more than one has that name.`,
      )}</p>`
    : "";
  const photos = input.photosLeftOut?.length
    ? `<p>${escapeHtml(
        `A photo we couldn't read was left out for ${input.photosLeftOut.slice(0, 10).join(", ")}${
          input.photosLeftOut.length > 10
            ? ` and ${count(input.photosLeftOut.length - 10)} more`
            : ""
        }.`,
      )}</p>`
    : "";
  const counts = [
    `${plural(input.created, "contact")} added`,
    `${count(input.merged)} updated`,
    `${count(input.skipped)} skipped`,
  ].join(", ");
  return {
    userId: input.userId,
    type: "SYSTEM_ALERT",
    title: "Import finished",
    content: `<p>${fileLabel(input.fileName)}: ${counts}.</p>${photos}${links}<p>While it is your latest import, you can undo it on the Data page.</p>`,
    link: "/app/contacts",
    metadata: {
      outcome: "success",
      importId: input.importId,
      created: input.created,
      merged: input.merged,
      skipped: input.skipped,
    },
  };
}

export function importFailedAlert(userId: string, fileName: string | null, error: unknown) {
  // Our own 4xx messages (the ones the response carries too) say what to fix; anything else is
  // not the file's fault.
  const known = toConflictError(error) ?? error;
  const reason =
    known instanceof AppError && known.status < 500
      ? known.message
      : "The import stopped on an unexpected error. Try again in a moment.";
  return {
    userId,
    type: "SYSTEM_ALERT",
    title: "Import failed",
    content: `<p>${fileLabel(fileName)}: nothing was imported.</p><p>${escapeHtml(reason)}</p>`,
    link: "/app/import",
    metadata: { fileName },
  } satisfies NewNotification;
}

/** Records a failed import for the user; a failure to record it never hides the import's error. */
export async function alertImportFailed(
  db: Db,
  input: { userId: string; fileName: string | null; error: unknown },
): Promise<void> {
  try {
    await notifyUsers(db, [importFailedAlert(input.userId, input.fileName, input.error)]);
  } catch {
    // The import's own error is what the caller reports.
  }
}
