import { apiFetch } from "../../../lib/api-client";

export function deleteHousehold(id: string): Promise<void> {
  return apiFetch<void>(`/api/households/${encodeURIComponent(id)}`, { method: "DELETE" });
}
