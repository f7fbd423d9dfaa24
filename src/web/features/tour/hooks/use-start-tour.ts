// What the App Tour menu item does: start here on a contacts page, or go there first. Apart from
// the tour controller, which the signed-in shell loads after its first paint.
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { isTourRunning } from "../lib/run-tour";
import { CONTACTS_PATH, isContactsPath, type TourRequest } from "../lib/tour-request";

export function useStartTour(): () => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (isTourRunning()) return;
    const state: TourRequest = { tourRequested: true };
    void navigate(`${CONTACTS_PATH}?startTour=true`, { state, replace: isContactsPath(pathname) });
  }, [navigate, pathname]);
}
