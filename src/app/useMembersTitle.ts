import { useSelector } from "@xstate/react";
import { titleOf } from "../machines/regionNames/regionNames.machine";
import { selectRegionNames } from "../machines/regionNames/regionNames.selectors";
import { useServices } from "./ServicesContext";

/** "Members — <the region's current name>" for a region's members list; `fallback` until the name is known, and for other pages. */
export function useMembersTitle(fallback: string, region: string | undefined): string {
  const { regionNames } = useServices();
  const regionTitle = useSelector(regionNames, (s) => (region === undefined || region === "all" ? undefined : titleOf(selectRegionNames(s), region)));
  return regionTitle === undefined ? fallback : `Members — ${regionTitle}`;
}
