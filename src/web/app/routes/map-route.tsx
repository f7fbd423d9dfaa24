// /app/map composed from two features: the contacts (list, state badge, the card with "Log
// contact") and the map.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useContacts } from "../../features/contacts/api/list-contacts";
import { ContactMapCard } from "../../features/contacts/components/contact-map-card";
import { StateBadge } from "../../features/contacts/components/state-badge";
import { TripActions } from "../../features/contacts/components/trip-actions";
import { MapPage, preloadMapPage } from "../../features/map/components/map-page";
import { Alert } from "../../components/ui/alert";
import { PageSpinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api-client";

export function MapRoute() {
  const list = useContacts();
  const queryClient = useQueryClient();
  // The globe's code, settings and outline load while the contacts do.
  useEffect(() => preloadMapPage(queryClient), [queryClient]);
  if (list.isPending) return <PageSpinner label="Loading your contacts" />;
  if (list.isError)
    return (
      <Alert variant="destructive">Couldn't load your contacts: {errorMessage(list.error)}</Alert>
    );
  const { items, today, timeZone } = list.data;
  return (
    <MapPage
      contacts={items}
      renderStateBadge={(state) => <StateBadge state={state} />}
      renderCard={(contact, close) => (
        <ContactMapCard contact={contact} today={today} timeZone={timeZone} onClose={close} />
      )}
      today={today}
      renderTripActions={(contact, trip) => <TripActions contact={contact} {...trip} />}
    />
  );
}
