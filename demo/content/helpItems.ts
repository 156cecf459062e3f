// Help items of the main screens, with links to the demo video and PDFs (some items have only one
// kind of file, one has none), and each user's notifications of the recently changed items.
import type { Faker } from "@faker-js/faker";
import { helpPageOf } from "../../domain/setup/appPages.ts";
import { helpFileLink, type HelpFile } from "../files.ts";
import type { HelpItemRecord, HelpNotificationRecord, World } from "../records.ts";
import { DAY_MS } from "../time/zonedDays.ts";

interface HelpSeed {
  route: string;
  heading: string;
  description: string;
  files: HelpFile[];
  type: HelpItemRecord["type"];
  /** When the item was last changed. */
  daysAgo: number;
}

const HELP: HelpSeed[] = [
  {
    route: "/dashboard",
    heading: "Dashboard at a glance",
    description: "What the dashboard shows and where each menu entry leads.",
    files: ["appTourVideo", "reportsGuide"],
    type: "guide",
    daysAgo: 3,
  },
  {
    route: "/dashboard",
    heading: "App status tracker",
    description: "The downtime icon appears while an application has an open issue; click it to see what is down and what to do meanwhile.",
    files: ["reportsGuide"],
    type: "faq",
    daysAgo: 40,
  },
  {
    route: "/members/all",
    heading: "Working the members list",
    description: "Filter by practice, status, result, MCO, dentist and brand, search by name, subscriber id or phone, and sort by any column.",
    files: ["appTourVideo", "membersListGuide"],
    type: "guide",
    daysAgo: 10,
  },
  {
    route: "/members/all",
    heading: "Saving a result and a note",
    description: "Pick the result in the row to save it; Add Notes opens the notes of the member; View History lists every change.",
    files: ["appTourVideo"],
    type: "guide",
    daysAgo: 25,
  },
  {
    route: "/members/all",
    heading: "Why is my practice already selected?",
    description: "Your default practices preselect the practice filter. Change them with Set Default in the user menu.",
    files: [],
    type: "faq",
    daysAgo: 60,
  },
  {
    route: "/members/smile-magic",
    heading: "Smile Magic members",
    description: "The members list limited to the Smile Magic practices.",
    files: ["membersListGuide"],
    type: "guide",
    daysAgo: 55,
  },
  {
    route: "/members/family-smiles",
    heading: "Family Smiles members",
    description: "The members list limited to the Family Smiles practices.",
    files: ["membersListGuide"],
    type: "guide",
    daysAgo: 55,
  },
  {
    route: "/call-recordings",
    heading: "Finding and downloading call recordings",
    description: "Filter by campaign and dates, search by phone or agent, and download a recording (the link is valid for 5 minutes).",
    files: ["appTourVideo", "reportsGuide"],
    type: "guide",
    daysAgo: 1,
  },
  {
    route: "/new-patient-origin",
    heading: "Reading the new patient origin report",
    description: "Where new patients came from, per source and practice, for the months you choose; download the first visits as CSV.",
    files: ["reportsGuide"],
    type: "guide",
    daysAgo: 35,
  },
  {
    route: "/contact-data-report",
    heading: "Contact data charts",
    description: "Calls by hour, contacted or not, for today, this and last week, this and last month.",
    files: ["appTourVideo", "reportsGuide"],
    type: "guide",
    daysAgo: 30,
  },
  {
    route: "/quality-index-report",
    heading: "Quality index: won and lost leads",
    description: "Won and lost leads by week and month, reasons for losing them, conversion and the sales funnel.",
    files: ["reportsGuide"],
    type: "guide",
    daysAgo: 45,
  },
  {
    route: "/priority-status-report",
    heading: "Priority status and the CSV export",
    description: "Planned treatment by priority P1 to P4 per location; Export CSV writes PriorityStatus.csv.",
    files: ["reportsGuide"],
    type: "faq",
    daysAgo: 50,
  },
  {
    route: "/lead-data-report",
    heading: "Lead data for your own dates",
    description: "Pick a start and an end date and a practice, then Update.",
    files: ["appTourVideo"],
    type: "guide",
    daysAgo: 20,
  },
  {
    route: "/members-status-report",
    heading: "Members status report",
    description: "Members per practice by status and payer; red totals differ from the extracted members.",
    files: ["appTourVideo", "reportsGuide"],
    type: "guide",
    daysAgo: 15,
  },
  {
    route: "/members-status-report",
    heading: "New: send the report to yourself",
    description: "Send Report e-mails the report as shown to your address.",
    files: ["reportsGuide"],
    type: "release-note",
    daysAgo: 6,
  },
  {
    route: "/usage",
    heading: "Universal usage report",
    description: "Who visited which page how often; search by page or by user.",
    files: ["reportsGuide"],
    type: "guide",
    daysAgo: 70,
  },
  {
    route: "/deleted-appointments/bygroup",
    heading: "Deleted appointments by group",
    description: "Deleted appointments counted per group of practices.",
    files: ["reportsGuide"],
    type: "guide",
    daysAgo: 80,
  },
  {
    route: "/deleted-appointments/summary",
    heading: "Deleted appointments summary",
    description: "Deleted appointments per practice for the dates chosen.",
    files: ["appTourVideo"],
    type: "guide",
    daysAgo: 80,
  },
  {
    route: "/deleted-appointments/details",
    heading: "Deleted appointment details",
    description: "Each deleted appointment with who deleted it, when and why.",
    files: ["appTourVideo", "reportsGuide"],
    type: "guide",
    daysAgo: 80,
  },
];

/** Items changed this recently are announced to every user. */
const NOTIFY_DAYS = 14;

export function buildHelpItems({ today }: World): HelpItemRecord[] {
  return HELP.map((seed, index) => ({
    id: index + 1,
    heading: seed.heading,
    description: seed.description,
    fileLinks: seed.files.map(helpFileLink).join(","),
    ...helpPageOf(seed.route),
    type: seed.type,
    updatedAt: new Date(today.getTime() - seed.daysAgo * DAY_MS).toISOString(),
  }));
}

/** Every user is told of the recent items; some have already seen some of them. */
export function buildHelpNotifications(faker: Faker, { users, today }: World, items: HelpItemRecord[]): HelpNotificationRecord[] {
  const recent = items.filter((item) => today.getTime() - Date.parse(item.updatedAt) <= NOTIFY_DAYS * DAY_MS);
  return users
    .flatMap((user) => recent.map((item) => ({ helpId: item.id, userId: user.id, createdAt: item.updatedAt })))
    .map((notification, index) => ({ id: index + 1, ...notification, seen: faker.datatype.boolean({ probability: 0.4 }) }));
}
