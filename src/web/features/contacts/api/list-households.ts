import { useQuery } from "@tanstack/react-query";
import type { HouseholdList } from "../../../../core/households";
import { apiFetch } from "../../../lib/api-client";
import { householdsKey } from "./households-cache";

export function listHouseholds(): Promise<HouseholdList> {
  return apiFetch<HouseholdList>("/api/households");
}

export function useHouseholds(options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: householdsKey,
    queryFn: listHouseholds,
    enabled: options.isEnabled ?? true,
  });
}
