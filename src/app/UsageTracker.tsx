import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { selectUser } from "../machines/auth/auth.selectors";
import { useServices } from "./ServicesContext";

/** Tells the usage-tracking machine about every navigation (§7 saveApplicationUsage). */
export function UsageTracker() {
  const { auth, usageTracking } = useServices();
  const [path] = useLocation();
  const user = useSelector(auth, selectUser);
  const userId = user?.id;
  const defaultLocationId = user?.defaultLocationId ?? "";
  useEffect(() => {
    usageTracking.send({
      type: "navigation.changed",
      path,
      visitor: userId ? { id: userId, defaultLocationId } : null,
    });
  }, [usageTracking, path, userId, defaultLocationId]);
  return null;
}
