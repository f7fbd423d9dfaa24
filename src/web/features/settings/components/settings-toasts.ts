// Spec 02 §8 "Settings": the one success and one failure toast every section uses.
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
