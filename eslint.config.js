// Lint: TypeScript rules, React hooks, and the import direction of STYLE.md:
// screens → machines → api; src/ never imports mocks/ or server/ (except the dev boot point), nor
// tests/ (screen tests: only the fake backend's harness, tests/fakeBackend.ts);
// server/ never imports src/; machines never touch the client, the router, cookies or storage:
// their *.actors.ts files make their effects from the client, and src/app provides them.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const restrict = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

const noMocks = { group: ["**/mocks", "**/mocks/**"], message: "src/ reaches the fake backend only through src/main.tsx." };
const noServer = { group: ["**/server", "**/server/**"], message: "src/ talks to the server over HTTP, through src/api." };
const noTestCode = {
  group: ["**/tests", "**/tests/**"],
  message: "src/ does not import the test suites; screen tests reach the fake backend through tests/fakeBackend.ts.",
};
const noMocksOrServer = [noMocks, noServer, noTestCode];

const screensCallNothing = {
  group: ["**/api/*", "!**/api/schema", "openapi-fetch", "**/*.actors"],
  allowTypeImports: true,
  message: "Screens read machine state and send events; calls belong to machines' actors, provided by src/app.",
};

const machinesKnowNoUi = {
  group: ["**/screens/**", "**/components/**", "**/app/**", "react", "react-dom", "wouter", "wouter/**"],
  message: "Machines know nothing of screens, components, React or the router: effects are provided by src/app.",
};

// The server shares only openapi.yaml with the app, and the types generated from it.
const serverImports = [
  { regex: "(^|/)src/(?!api/schema(\\.d\\.ts)?$)", message: "The server shares only openapi.yaml with the app." },
  { regex: "(^|/)src/api/schema(\\.d\\.ts)?$", allowTypeImports: true, message: "Only the types generated from openapi.yaml." },
];

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "data/", "src/api/schema.d.ts", "tests/e2e/screenshots/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The contract suite reads answers whose shape it has just validated against openapi.yaml.
    files: ["tests/contract/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(...noMocksOrServer) },
  },
  {
    files: ["src/main.tsx"],
    rules: restrict(noServer, noTestCode),
  },
  {
    files: ["src/machines/**"],
    ignores: ["src/machines/**/*.actors.ts"],
    rules: restrict(...noMocksOrServer, machinesKnowNoUi, {
      group: ["**/api/client*", "**/api/fromApiCall*", "**/api/userCalls*", "**/*.actors"],
      allowTypeImports: true,
      message: "Machines and selectors name their effects; the API calls are their *.actors.ts, provided by src/app.",
    }),
  },
  {
    // Where a machine meets the API client: typed actor logic that src/app gives to machine.provide().
    files: ["src/machines/**/*.actors.ts"],
    rules: restrict(...noMocksOrServer, machinesKnowNoUi),
  },
  {
    files: ["src/screens/**", "src/components/**"],
    rules: restrict(...noMocksOrServer, screensCallNothing),
  },
  {
    // Screen tests render the real app against the typed fake backend, through its one harness.
    files: ["src/screens/**/*.test.tsx", "src/components/**/*.test.tsx"],
    rules: restrict(noMocks, noServer, screensCallNothing, {
      group: ["**/tests/**", "!**/tests/fakeBackend"],
      message: "A screen test imports only tests/fakeBackend.ts of the test code.",
    }),
  },
  {
    files: ["src/api/**", "src/lib/**"],
    rules: restrict(...noMocksOrServer, {
      group: ["**/machines/**", "**/screens/**", "**/app/**", "**/components/**"],
      message: "api/ and lib/ are the bottom layer: they import no screen, machine or app code.",
    }),
  },
  {
    // The harness relies on createMockServer alone, so the fake backend's internals stay free to change.
    files: ["tests/fakeBackend.ts"],
    rules: restrict({ group: ["**/mocks/**", "!**/mocks/node"], message: "The screen tests' harness imports only mocks/node.ts." }),
  },
  {
    files: ["server/**"],
    rules: restrict(...serverImports, { group: ["**/mocks/**"], message: "The server shares only openapi.yaml with the app." }),
  },
  {
    // The demo data comes from the fake backend's generator (one generator, not a second copy).
    files: ["server/db/seed.ts"],
    rules: restrict(...serverImports),
  },
  {
    files: ["mocks/**"],
    rules: restrict({
      regex: "(^|/)src/(?!api/schema$|lib/)",
      allowTypeImports: true,
      message: "The fake backend is typed from the contract and shares only pure helpers of src/lib.",
    }),
  },
);
