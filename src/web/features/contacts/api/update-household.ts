import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Household, HouseholdPatch } from "../../../../core/households";
import { apiFetch } from "../../../lib/api-client";
import { refreshHouseholds } from "./households-cache";

export function updateHousehold(id: string, patch: HouseholdPatch): Promise<Household> {
  return apiFetch<Household>(`/api/households/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: patch,
  });
}

export function useUpdateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; patch: HouseholdPatch }) =>
      updateHousehold(vars.id, vars.patch),
    onSuccess: () => refreshHouseholds(queryClient),
  });
}
