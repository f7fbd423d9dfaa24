// /app/map composed from two features: the contacts (list, state badge, the card with "Log
// contact") and the map.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useContacts } from "../../features/contacts/api/list-contacts";
import { useHouseholds } from "../../features/contacts/api/list-households";
import { ContactMapCard } from "../../features/contacts/components/contact-map-card";
import { HouseholdMapCard } from "../../features/contacts/components/household-map-card";
import { StateBadge } from "../../features/contacts/components/state-badge";
import { TripActions } from "../../features/contacts/components/trip-actions";
import { MapPage, preloadGlobeFiles, preloadMapPage } from "../../features/map/components/map-page";
import { LoadError } from "../../components/load-error";

// This module loads as the navigation to /app/map starts: the globe's files come meanwhile.
preloadGlobeFiles();

export function MapRoute() {
  const list = useContacts();
  // Without them (still loading, or failed) everyone simply has a marker of their own.
  const households = useHouseholds();
  const queryClient = useQueryClient();
  // The globe's code, settings and outline load while the contacts do.
  useEffect(() => preloadMapPage(queryClient), [queryClient]);
  if (list.isError)
    return (
      <LoadError
        prefix="We couldn't load your contacts. "
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  // The page and its globe show while the contacts load: the map is made and
  // draws its outline meanwhile, and the contacts arrive on it.
  const data = list.data ?? null;
  return (
    <MapPage
      contacts={data?.items ?? null}
      renderStateBadge={(state) => <StateBadge state={state} />}
      households={households.data?.items}
      renderCard={(people, household, close) =>
        !data ? null : household ? (
          <HouseholdMapCard household={household} people={people} onClose={close} />
        ) : (
          <ContactMapCard
            contact={people[0]!}
            today={data.today}
            timeZone={data.timeZone}
            onClose={close}
          />
        )
      }
      today={data?.today ?? null}
      renderTripActions={(contact, trip) => <TripActions contact={contact} {...trip} />}
    />
  );
}
