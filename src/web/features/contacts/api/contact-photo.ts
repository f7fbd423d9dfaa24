import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "../../../../core/contacts";
import { apiFetch } from "../../../lib/api-client";
import { storeContact } from "./contacts-cache";

function photoPath(id: string): string {
  return `/api/contacts/${encodeURIComponent(id)}/photo`;
}

/** Sends the file; the server checks its content, re-encodes it and answers the contact. */
export function useSetContactPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return apiFetch<Contact>(photoPath(id), { method: "POST", body: form });
    },
    retry: 0,
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}

export function useRemoveContactPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Contact>(photoPath(id), { method: "DELETE" }),
    onSuccess: (contact) => storeContact(queryClient, contact),
  });
}
