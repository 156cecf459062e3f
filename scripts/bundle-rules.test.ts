import { describe, expect, it } from "vitest";
import { findForbiddenModules, initialChunks, misplacedChartLibrary } from "./bundle-rules.ts";

const chunk = (modules: string[]) => ({ fileName: "assets/index.js", isEntry: true, imports: [], modules });

describe("findForbiddenModules", () => {
  it("names every module of msw, faker or mocks/ with its chunk", () => {
    const found = findForbiddenModules([
      chunk([
        "/work/app/src/main.tsx",
        "/work/app/node_modules/msw/lib/browser/index.mjs",
        "/work/app/node_modules/@faker-js/faker/dist/index.js",
        "/work/app/mocks/browser.ts",
      ]),
    ]);
    expect(found.map((f) => f.module)).toEqual([
      "/work/app/node_modules/msw/lib/browser/index.mjs",
      "/work/app/node_modules/@faker-js/faker/dist/index.js",
      "/work/app/mocks/browser.ts",
    ]);
  });

  it("passes a bundle of application code and ordinary libraries", () => {
    const found = findForbiddenModules([
      chunk(["/work/app/src/main.tsx", "/work/app/node_modules/react/index.js", "/work/app/src/lib/mockups.ts"]),
    ]);
    expect(found).toEqual([]);
  });
});

const named = (fileName: string, isEntry: boolean, imports: string[], modules: string[] = []) => ({ fileName, isEntry, imports, modules });
const PLOTLY = "/w/node_modules/plotly.js-finance-dist-min/plotly-finance.min.js";

describe("initialChunks", () => {
  it("follows static imports from the entry, not dynamic ones", () => {
    const chunks = [
      named("a/index.js", true, ["a/shared.js"]),
      named("a/shared.js", false, ["a/deep.js"]),
      named("a/deep.js", false, []),
      named("a/Lazy.js", false, ["a/shared.js"]),
    ];
    expect(initialChunks(chunks).map((chunk) => chunk.fileName)).toEqual(["a/index.js", "a/shared.js", "a/deep.js"]);
  });
});

describe("misplacedChartLibrary", () => {
  it("passes the chart library in one lazily loaded chunk", () => {
    expect(misplacedChartLibrary([named("a/index.js", true, []), named("a/Chart.js", false, [], [PLOTLY])])).toEqual([]);
  });

  it("names a start-up chunk that holds it, and a library split over chunks", () => {
    const chunks = [named("a/index.js", true, ["a/vendor.js"]), named("a/vendor.js", false, [], [PLOTLY]), named("a/Chart.js", false, [], ["/w/node_modules/react-plotly.js/dist/x.mjs"])];
    expect(misplacedChartLibrary(chunks)).toEqual(["a/vendor.js loads at start-up and holds the chart library", "the chart library is split over a/vendor.js, a/Chart.js"]);
  });
});
