// The whole members list of the signed-in agent for screen tests, its machine created as src/app
// creates it (src/app/MembersRoute.tsx): the services of the fake backend's signed-in user.
import { useActorRef, useSelector } from "@xstate/react";
import { selectIsAdmin, selectUser } from "../../src/machines/auth/auth.selectors";
import type { Services } from "../../src/app/services";
import { MembersScreen } from "../../src/screens/members/MembersScreen";

export function MembersList({ services }: { services: Services }) {
  const user = useSelector(services.auth, selectUser)!;
  const isAdmin = useSelector(services.auth, selectIsAdmin);
  const actor = useActorRef(services.members, { input: { region: "all", userId: user.id, defaultLocationId: user.defaultLocationId, isAdmin } });
  const exporter = useActorRef(services.exportCsv);
  return <MembersScreen actor={actor} exporter={exporter} title="Members" />;
}
