import { useQuery } from "@tanstack/react-query";
import type { PaymentRow } from "../../../../core/billing";
import { apiFetch } from "../../../lib/api-client";

export const PAYMENTS_QUERY_KEY = ["billing-payments"] as const;

export async function listPayments(): Promise<PaymentRow[]> {
  return (await apiFetch<{ payments: PaymentRow[] }>("/api/billing/payments")).payments;
}

export function usePayments() {
  return useQuery({ queryKey: PAYMENTS_QUERY_KEY, queryFn: listPayments });
}
