import { useMe } from "../../account/api/get-me";

/** The signed-in user's time zone (settings), UTC until it is known. */
export function useTimeZone(): string {
  return useMe().data?.settings.timezone ?? "UTC";
}
