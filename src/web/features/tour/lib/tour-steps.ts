// The tour (spec 02 §4): logo welcome, Contacts, Data, Rhythms, World Map, the profile menu,
// "You're All Set!" (which also tells of replies to reminders and where they are shown), with
// the core loop after Contacts: the first contact row's Log button, its rhythm and the way to
// Snooze, or one step that tells the loop when the list is empty. Below
// 768 px the tabs are the tab bar at the bottom of the screen. A step whose target is not on
// screen (a tab not built yet) is left out rather than pointing at nothing.
import type { DriveStep } from "driver.js";
import { MOBILE_BREAKPOINT_PX } from "../../../../core/constants";

type StepDefinition = { target?: string; title: string; description: string; isTab?: boolean };

const LOOP_STEPS: StepDefinition[] = [
  {
    target: "row-log",
    title: "Log contact",
    description:
      "Talked to someone? Log contact records it just now, by their preferred way to get in touch, and moves their next due date.",
  },
  {
    target: "row-rhythm",
    title: "Their rhythm",
    description:
      "How often you want to be in touch, and whether they are on track, due soon or overdue.",
  },
  {
    target: "row-open",
    title: "Snooze",
    description:
      "Not the right time? Open a contact and choose Snooze to move their reminder later without logging anything.",
  },
];

const LOOP_SUMMARY: StepDefinition = {
  title: "Log, rhythm, snooze",
  description:
    "Give each contact a rhythm. When you have been in touch, press Log contact on their row; when now is not the time, open them and Snooze.",
};

function definitions(productName: string, loop: StepDefinition[]): StepDefinition[] {
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
    ...loop,
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
        "Your profile, light or dark mode, your replies, settings (where reminders can also go to a chat app or a push notification), feedback and support, this tour again, and sign out.",
    },
    {
      title: "You're All Set!",
      description: `That's the tour. Start by adding a contact or importing your address book. Later, answer a reminder in your own words ("had coffee with Grace yesterday") and ${productName} logs it: Replies, in your menu, shows what it did and what it suggests.`,
    },
  ];
}

export function isMobileTourLayout(width = window.innerWidth): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

/** The data-tour value a step points at: the bottom tab bar's copy of a tab below 768 px. */
export function tourTarget(target: string, isTab: boolean, isMobile: boolean): string {
  return isTab && isMobile ? `${target}-mobile` : target;
}

function isOnScreen(element: Element | null): element is Element {
  return element !== null && element.getClientRects().length > 0;
}

function selectorOf(step: StepDefinition, isMobile: boolean): string {
  return `[data-tour="${tourTarget(step.target ?? "", step.isTab === true, isMobile)}"]`;
}

export function buildTourSteps(productName: string, isMobile: boolean): DriveStep[] {
  const rowSteps = LOOP_STEPS.filter((step) =>
    isOnScreen(document.querySelector(selectorOf(step, isMobile))),
  );
  const steps: DriveStep[] = [];
  for (const step of definitions(productName, rowSteps.length > 0 ? rowSteps : [LOOP_SUMMARY])) {
    const popover = { title: step.title, description: step.description };
    if (!step.target) {
      steps.push({ popover });
      continue;
    }
    const selector = selectorOf(step, isMobile);
    if (!isOnScreen(document.querySelector(selector))) continue;
    steps.push({
      element: selector,
      popover: { ...popover, side: isMobile ? "bottom" : undefined, align: "start" },
    });
  }
  return steps;
}
