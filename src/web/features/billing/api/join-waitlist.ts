import { apiFetch } from "../../../lib/api-client";

/** The Business tier waitlist: stores the email as a lead (source web_landing). */
export async function joinWaitlist(email: string): Promise<void> {
  await apiFetch("/api/leads", { method: "POST", body: { email } });
}
