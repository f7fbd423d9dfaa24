import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { HouseholdInput } from "../../../../core/households";
import { apiFetch } from "../../../lib/api-client";
import { refreshHouseholds } from "./households-cache";

export function createHousehold(input: HouseholdInput): Promise<{ id: string }> {
  return apiFetch<{ id: string }>("/api/households", { method: "POST", body: input });
}

export function useCreateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHousehold,
    onSuccess: () => refreshHouseholds(queryClient),
  });
}
