// Leaving a household from a contact's page, with an "Undo" that puts the contact back.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UNDO_TOAST_MS } from "../../../../core/constants";
import type { Household } from "../../../../core/households";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { createHousehold } from "./create-household";
import { deleteHousehold } from "./delete-household";
import { refreshHouseholds } from "./households-cache";
import { updateHousehold } from "./update-household";

type Leaving = { contactId: string; name: string; household: Household };

/**
 * The last one out deletes the household (everyone stays a contact); Undo makes it again under
 * its name. Otherwise Undo gives the household back the people it had.
 */
async function leave({ contactId, household }: Leaving): Promise<() => Promise<unknown>> {
  const members = household.members.map((m) => m.id);
  const others = members.filter((id) => id !== contactId);
  if (others.length === 0) {
    await deleteHousehold(household.id);
    return () => createHousehold({ name: household.name, contactIds: [contactId] });
  }
  await updateHousehold(household.id, { contactIds: others });
  return () => updateHousehold(household.id, { contactIds: members });
}

export function useLeaveHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leave,
    onSettled: () => refreshHouseholds(queryClient),
  });
}

/**
 * The toast once a contact has left, shown by the caller when the mutation's promise settles: the
 * card that started it shows "Add to a household" instead by then, and a mutate() callback of an
 * unmounted component never runs.
 */
export function useLeftHouseholdToast() {
  const queryClient = useQueryClient();
  return function showLeftToast(leaving: Leaving, undo: () => Promise<unknown>) {
    const title = `${leaving.name} left ${leaving.household.name}`;
    toast({
      title,
      duration: UNDO_TOAST_MS,
      action: {
        label: "Undo",
        onClick: () =>
          void undo()
            .then(() => refreshHouseholds(queryClient))
            .then(
              () => toast({ title: "Undone", description: `${title}: undone.` }),
              (error: unknown) =>
                toast({
                  title: "Couldn't undo",
                  description: errorMessage(error),
                  variant: "destructive",
                }),
            ),
      },
    });
  };
}
