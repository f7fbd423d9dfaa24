// Spec 02 §8 "Settings": the one success and one failure toast every section uses, and what a
// test reminder answered.
import type { Delivery } from "../../../../core/reminders";
import { SETTINGS_MESSAGES } from "../../../../core/settings";
import { toastError } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";

export function toastSettingUpdated(): void {
  toast({
    title: SETTINGS_MESSAGES.successTitle,
    description: SETTINGS_MESSAGES.updated,
    variant: "success",
  });
}

export function toastSettingFailed(): void {
  toastError(SETTINGS_MESSAGES.errorTitle, undefined, SETTINGS_MESSAGES.updateFailed);
}

/** What a "Send a test" answered: sent to `where` ("to ada@example.com"), or why not. */
export function toastTestReminder(delivery: Delivery, where: string): void {
  if (delivery.status === "skipped") {
    toast({
      title: "Test reminder not sent",
      description: delivery.reason ?? undefined,
      variant: "destructive",
    });
    return;
  }
  toast({
    title: "Test reminder sent",
    description: [`Test reminder sent ${where}.`, delivery.reason].filter(Boolean).join(" "),
    variant: "success",
  });
}

export function toastTestReminderFailed(error: unknown): void {
  toastError("Test reminder not sent", error, "The test reminder could not be sent.");
}
