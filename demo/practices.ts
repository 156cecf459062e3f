import type { Faker } from "@faker-js/faker";
import type { components } from "../contract/schema";
import { BRANDS } from "../domain/vocabulary.ts";
import { CITY_TIME_ZONES, GROUP_REGIONS } from "./reference.ts";

type Practice = components["schemas"]["Practice"];
type RegionInfo = components["schemas"]["RegionInfo"];

const PRACTICES_PER_REGION = [8, 7, 6, 4]; // 25 practices, as a mid-sized group has

export function buildPractices(faker: Faker): Practice[] {
  let id = 0;
  return GROUP_REGIONS.flatMap((region, index) =>
    region.cities.slice(0, PRACTICES_PER_REGION[index]).map((city) => {
      id += 1;
      const initials = region.brandName
        .split(" ")
        .map((word) => word[0])
        .join("");
      const brands = BRANDS.filter((brand) => brand !== "tmhp" || faker.datatype.boolean());
      return {
        id,
        practice: `${region.brandName} ${city}`,
        practiceabbr: `${initials}-${city.replace(/\s+/g, "").slice(0, 4).toUpperCase()}`,
        region: region.name,
        brands,
      };
    }),
  );
}

export function buildRegions(practices: Practice[]): RegionInfo[] {
  return GROUP_REGIONS.map((region) => ({
    id: region.id,
    name: region.name,
    title: region.brandName,
    UdaPracticeInfo: practices
      .filter((practice) => practice.region === region.name)
      .map((practice) => ({ practiceName: practice.practiceabbr, practiceId: practice.id })),
  }));
}

/** The practices that keep a zone of their own, by id (the others keep the practice group's). */
export function buildPracticeTimeZones(practices: readonly Practice[]): Record<number, string> {
  const zones: Record<number, string> = {};
  for (const practice of practices) {
    const zone = Object.entries(CITY_TIME_ZONES).find(([city]) => practice.practice.endsWith(` ${city}`))?.[1];
    if (zone) zones[practice.id] = zone;
  }
  return zones;
}
