// Starts the guided tour (spec 02 §4): from the App Tour menu item, or on a contacts path whose
// URL carries startTour=true or fromOnboarding=true when no tour is active, none was completed and
// no start lock exists. The parameters leave the URL and the tour begins ~500 ms later.
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useProductName } from "../../../lib/session/get-config";
import { isTourRunning, runTour, stopTour } from "../lib/run-tour";
import { CONTACTS_PATH, isContactsPath, type TourRequest } from "../lib/tour-request";
import { mayAutoStartTour, writeTourFlags } from "../lib/tour-state";

export const TOUR_START_DELAY_MS = 500;
const TOUR_PARAMS = ["startTour", "fromOnboarding"] as const;

export function TourController() {
  const location = useLocation();
  const navigate = useNavigate();
  const productName = useProductName();
  const productNameRef = useRef(productName);
  useEffect(() => {
    productNameRef.current = productName;
  }, [productName]);

  const pendingStart = useRef<ReturnType<typeof setTimeout> | null>(null);

  // An "active" flag left by a page that was closed mid-tour is not a running tour.
  useEffect(() => {
    if (!isTourRunning()) writeTourFlags({ active: false });
    return () => {
      if (pendingStart.current) clearTimeout(pendingStart.current);
      pendingStart.current = null;
      stopTour();
    };
  }, []);

  const begin = useCallback(() => {
    runTour({
      productName: productNameRef.current,
      onClosed: () => {
        if (window.location.pathname !== CONTACTS_PATH) void navigate(CONTACTS_PATH);
      },
    });
  }, [navigate]);

  // The tour points at the contact list: leaving it (a toast's action, a link) ends the tour
  // rather than dimming the page the person went to.
  useEffect(() => {
    if (!isContactsPath(location.pathname) && isTourRunning()) stopTour();
  }, [location.pathname]);

  const params = new URLSearchParams(location.search);
  const hasTourParam = TOUR_PARAMS.some((name) => params.get(name) === "true");
  const isRequested = (location.state as TourRequest | null)?.tourRequested === true;

  useEffect(() => {
    if (!hasTourParam || !isContactsPath(location.pathname)) return;
    if (pendingStart.current || isTourRunning()) return;
    if (!isRequested && !mayAutoStartTour()) return;
    const cleaned = new URLSearchParams(location.search);
    for (const name of TOUR_PARAMS) cleaned.delete(name);
    const search = cleaned.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true },
    );
    // Kept across the URL change just made; cleared only when the layout unmounts.
    pendingStart.current = setTimeout(() => {
      pendingStart.current = null;
      begin();
    }, TOUR_START_DELAY_MS);
  }, [hasTourParam, isRequested, location.pathname, location.search, navigate, begin]);

  return null;
}
