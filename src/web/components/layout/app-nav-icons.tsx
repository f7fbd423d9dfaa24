// The phone tab bar's icons, one per tab of APP_NAV, made once.
import { Database, Globe, Repeat, Users } from "lucide-react";
import type { ReactNode } from "react";

export const APP_NAV_ICONS: Record<string, ReactNode> = {
  "/app/contacts": <Users aria-hidden />,
  "/app/import": <Database aria-hidden />,
  "/app/rhythms": <Repeat aria-hidden />,
  "/app/map": <Globe aria-hidden />,
};
