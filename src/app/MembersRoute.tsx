// The members list's routes (§2: /members/smile-magic, /members/family-smiles, /members/all): the
// members machine for the route's region and the signed-in user, created here and handed to the
// screen, which only renders it.
import { useSelector } from "@xstate/react";
import { selectIsAdmin, selectUser } from "../machines/auth/auth.selectors";
import type { RegionFilter } from "../machines/members/members.filters";
import { MembersScreen } from "../screens/members/MembersScreen";
import { useServices } from "./ServicesContext";
import { useMembersTitle } from "./useMembersTitle";
import { useAppActor } from "./useAppActor";

interface MembersRouteProps {
  /** The route's scope (docs/architecture.md): SMD, FSD or all. */
  region: RegionFilter;
  /** The title until the region's current name is known. */
  title: string;
}

export function MembersRoute({ region, title: fallbackTitle }: MembersRouteProps) {
  const { auth, members, exportCsv } = useServices();
  const title = useMembersTitle(fallbackTitle, region);
  const user = useSelector(auth, selectUser);
  const isAdmin = useSelector(auth, selectIsAdmin);
  const actor = useAppActor(members, { input: { region, userId: user?.id ?? 0, defaultLocationId: user?.defaultLocationId ?? "", isAdmin } });
  const exporter = useAppActor(exportCsv);
  return <MembersScreen actor={actor} exporter={exporter} title={title} />;
}
