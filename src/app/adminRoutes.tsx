// The administration screens as routes: each creates its screen's actor from the machine the
// composition root provided and hands it to the screen, which imports nothing from src/app.
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { selectUser } from "../machines/auth/auth.selectors";
import { MemberFilesScreen } from "../screens/memberFiles/MemberFilesScreen";
import { PracticesAdminScreen } from "../screens/practicesAdmin/PracticesAdminScreen";
import { StaffScreen } from "../screens/staff/StaffScreen";
import { CallbacksScreen } from "../screens/callbacks/CallbacksScreen";
import { CampaignsScreen } from "../screens/campaigns/CampaignsScreen";
import { useServices } from "./ServicesContext";
import { useAppActor } from "./useAppActor";

export function StaffRoute() {
  const services = useServices();
  const user = useSelector(services.auth, selectUser);
  const actor = useAppActor(services.staffAdmin, { input: { selfId: user?.id ?? 0 } });
  return <StaffScreen actor={actor} />;
}

export function PracticesAdminRoute() {
  const { practicesAdmin, regionNames } = useServices();
  const actor = useAppActor(practicesAdmin);
  // A region added, renamed or removed here reaches this tab's menu at once, not at the next page.
  const regions = useSelector(actor, (s) => s.context.regions);
  useEffect(() => regionNames.send({ type: "regions.refresh" }), [regionNames, regions]);
  return <PracticesAdminScreen actor={actor} />;
}

export function MemberFilesRoute() {
  const services = useServices();
  const actor = useAppActor(services.memberImport);
  const feeds = useAppActor(services.feedImport);
  return <MemberFilesScreen actor={actor} feeds={feeds} />;
}

export function CallbacksRoute() {
  const actor = useAppActor(useServices().callbacksAdmin);
  return <CallbacksScreen actor={actor} />;
}

export function CampaignsRoute() {
  const actor = useAppActor(useServices().campaigns);
  return <CampaignsScreen actor={actor} />;
}
