// The tour's seven steps (spec 02 §4): logo welcome, Contacts, Data, Rhythms, World Map, the
// profile menu, "You're All Set!". Below 768 px the tabs are the mobile link row under the
// header. A step whose target is not on screen (a tab not built yet) is left out rather than
// pointing at nothing (decision 111).
import type { DriveStep } from "driver.js";
import { MOBILE_BREAKPOINT_PX } from "../../../../core/constants";

export const TOUR_STEP_COUNT = 7;

type StepDefinition = { target?: string; title: string; description: string; isTab?: boolean };

function definitions(productName: string): StepDefinition[] {
  return [
    {
      target: "logo",
      title: `Welcome to ${productName}!`,
      description: `Let's take a quick look around. ${productName} helps you keep in touch with the people who matter. Use the arrow keys or the buttons to move, Escape to leave.`,
    },
    {
      target: "nav-contacts",
      isTab: true,
      title: "Contacts",
      description:
        "Everyone you keep in touch with: add people, give each a rhythm, and log when you were in touch.",
    },
    {
      target: "nav-data",
      isTab: true,
      title: "Data",
      description: "Import contacts from a CSV or vCard file, and export everything you have.",
    },
    {
      target: "nav-rhythms",
      isTab: true,
      title: "Rhythms",
      description: "Who is overdue, who is due this week, and who comes up next.",
    },
    {
      target: "nav-map",
      isTab: true,
      title: "World Map",
      description: "See where your contacts are around the world.",
    },
    {
      target: "profile-menu",
      title: "Your menu",
      description:
        "Your profile, light or dark mode, settings, feedback and support, this tour again, and sign out.",
    },
    {
      title: "You're All Set!",
      description: "That's the tour. Start by adding a contact or importing your address book.",
    },
  ];
}

export function isMobileTourLayout(width = window.innerWidth): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

/** The data-tour value a step points at: the mobile link row's copy of a tab below 768 px. */
export function tourTarget(target: string, isTab: boolean, isMobile: boolean): string {
  return isTab && isMobile ? `${target}-mobile` : target;
}

function isOnScreen(element: Element | null): element is Element {
  return element !== null && element.getClientRects().length > 0;
}

export function buildTourSteps(productName: string, isMobile: boolean): DriveStep[] {
  const steps: DriveStep[] = [];
  for (const step of definitions(productName)) {
    const popover = { title: step.title, description: step.description };
    if (!step.target) {
      steps.push({ popover });
      continue;
    }
    const selector = `[data-tour="${tourTarget(step.target, step.isTab === true, isMobile)}"]`;
    if (!isOnScreen(document.querySelector(selector))) continue;
    steps.push({
      element: selector,
      popover: { ...popover, side: isMobile ? "bottom" : undefined, align: "start" },
    });
  }
  return steps;
}
