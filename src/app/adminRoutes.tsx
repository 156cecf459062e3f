// The administration screens as routes: each creates its screen's actor from its machine and hands
// it to the screen, which imports nothing from src/app. The machines are made here, from the
// composition root's API client, so that they load with these screens and not at start-up.
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { selectUser } from "../machines/auth/auth.selectors";
import { MemberFilesScreen } from "../screens/memberFiles/MemberFilesScreen";
import { PracticesAdminScreen } from "../screens/practicesAdmin/PracticesAdminScreen";
import { StaffScreen } from "../screens/staff/StaffScreen";
import { CallbacksScreen } from "../screens/callbacks/CallbacksScreen";
import { CampaignsScreen } from "../screens/campaigns/CampaignsScreen";
import { createAdminMachines, type AdminMachines } from "./adminMachines";
import type { Services } from "./services";
import { useServices } from "./ServicesContext";
import { useAppActor } from "./useAppActor";

const adminMachines = new WeakMap<Services, AdminMachines>();

/** The administration's machines of this app, made when the first administration screen opens. */
function useAdminMachines(): AdminMachines {
  const services = useServices();
  let machines = adminMachines.get(services);
  if (!machines) {
    machines = createAdminMachines(services.api, services.baseUrl);
    adminMachines.set(services, machines);
  }
  return machines;
}

export function StaffRoute() {
  const user = useSelector(useServices().auth, selectUser);
  const actor = useAppActor(useAdminMachines().staffAdmin, { input: { selfId: user?.id ?? 0 } });
  return <StaffScreen actor={actor} />;
}

export function PracticesAdminRoute() {
  const { regionNames } = useServices();
  const { practicesAdmin } = useAdminMachines();
  const actor = useAppActor(practicesAdmin);
  // A region added, renamed or removed here reaches this tab's menu at once, not at the next page.
  const regions = useSelector(actor, (s) => s.context.regions);
  useEffect(() => regionNames.send({ type: "regions.refresh" }), [regionNames, regions]);
  return <PracticesAdminScreen actor={actor} />;
}

export function MemberFilesRoute() {
  const { fileImport } = useAdminMachines();
  const actor = useAppActor(fileImport, { input: { kind: "members" } });
  const feeds = useAppActor(fileImport, { input: { kind: "feeds" } });
  return <MemberFilesScreen actor={actor} feeds={feeds} />;
}

export function CallbacksRoute() {
  const actor = useAppActor(useAdminMachines().callbacksAdmin);
  return <CallbacksScreen actor={actor} />;
}

export function CampaignsRoute() {
  const { campaigns, campaignProgress } = useAdminMachines();
  const actor = useAppActor(campaigns);
  const progress = useAppActor(campaignProgress);
  const exporter = useAppActor(useServices().exportCsv);
  // A campaign created, changed or stepped here shows in the progress at once, not at its next minute.
  const changed = useSelector(actor, (s) => s.context.campaigns);
  useEffect(() => progress.send({ type: "progress.refresh" }), [progress, changed]);
  return <CampaignsScreen actor={actor} progress={progress} exporter={exporter} />;
}
