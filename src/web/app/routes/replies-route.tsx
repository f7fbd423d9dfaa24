// /app/replies: the replies feature's page with the address book from the contacts feature, for
// Edit's "Who" (anyone, not only the contacts a name fits).
import { useMemo } from "react";
import { contactDisplayName } from "../../../core/contact-display";
import { useContacts } from "../../features/contacts/api/list-contacts";
import { RepliesPage } from "../../features/replies/components/replies-page";

export function RepliesRoute() {
  const list = useContacts();
  const items = list.data?.items;
  const contacts = useMemo(
    () => items?.map((c) => ({ id: c.id, name: contactDisplayName(c) })),
    [items],
  );
  return <RepliesPage contacts={contacts} />;
}
