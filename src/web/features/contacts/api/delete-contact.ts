import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { forgetContact } from "./contacts-cache";

export function deleteContact(id: string): Promise<void> {
  return apiFetch<void>(`/api/contacts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_data, id) => forgetContact(queryClient, id),
  });
}
