import { useMe } from "./get-me";

/** The signed-in user's time zone (settings): every date and time shows in it. UTC until known. */
export function useTimeZone(): string {
  return useMe().data?.settings.timezone ?? "UTC";
}
