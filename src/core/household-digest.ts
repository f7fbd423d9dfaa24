// A digest lists a household once: its people due in the same digest become one line, "The
// Carters (Sam and Jo)", at the place of the first of them, and its links act for all of them.
import { householdLabel } from "./household-names";
import type { LocalDate } from "./rhythm";

type Due = { id: string; name: string; firstName: string; dueDay: LocalDate; memberIds?: string[] };
export type Membership = { contactId: string; householdId: string; name: string };

export function groupHouseholds<T extends Due>(
  due: T[],
  memberships: Membership[],
): (T & { memberIds?: string[] })[] {
  const householdOf = new Map(memberships.map((m) => [m.contactId, m]));
  const dueIn = new Map<string, T[]>();
  for (const c of due) {
    const m = householdOf.get(c.id);
    if (m) dueIn.set(m.householdId, [...(dueIn.get(m.householdId) ?? []), c]);
  }
  const result: T[] = [];
  for (const c of due) {
    const m = householdOf.get(c.id);
    const together = m ? dueIn.get(m.householdId)! : [c];
    if (together.length < 2) {
      result.push(c);
      continue;
    }
    if (together[0] !== c) continue;
    result.push({
      ...c,
      name: householdLabel(
        m!.name,
        together.map((p) => p.firstName || p.name),
      ),
      // The most overdue of them says how late the line is.
      dueDay: together.map((p) => p.dueDay).sort()[0]!,
      memberIds: together.map((p) => p.id),
    });
  }
  return result;
}
