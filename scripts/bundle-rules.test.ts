import { describe, expect, it } from "vitest";
import { findForbiddenModules } from "./bundle-rules.ts";

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
