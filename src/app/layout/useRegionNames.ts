import { useEffect } from "react";
import { useLocation } from "wouter";
import type { RegionNamesActor } from "../../machines/regionNames/regionNames.machine";

/**
 * Asks for the regions' current names whenever a page is shown and whenever the window comes back
 * to the front, so a name an administrator changed elsewhere reaches the menu without a reload;
 * forgets them when the signed-in frame goes (sign-out).
 */
export function useRegionNames(regionNames: RegionNamesActor): void {
  const [location] = useLocation();
  useEffect(() => regionNames.send({ type: "regions.refresh" }), [regionNames, location]);
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible") regionNames.send({ type: "regions.refresh" });
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
      regionNames.send({ type: "regions.forget" });
    };
  }, [regionNames]);
}
