// Lint: TypeScript rules, React hooks, and the direction of imports (docs/architecture.md); import
// cycles and a server area's files that import another area's handlers are dependency-cruiser's
// (.dependency-cruiser.cjs, run by npm run lint too):
//   contract/ the contract's generated types, the request and answer helpers, the error body and its
//            texts: imports nothing of the project; every other folder may import it
//   domain/  the rules both backends follow: imports only contract/
//   demo/    the demo world: imports domain/ and contract/ only
//   src/     the app: app → screens → machines → api; src/app creates the screens' actors and hands
//            them over, so screens never import src/app, and components import no machine, screen
//            or app code; imports domain/, never mocks/ (but at the dev boot point, src/main.tsx)
//            nor server/ nor demo/ nor tests/ (its tests: the fake backend's harness,
//            tests/fakeBackend.ts, and tests/support/); machines never touch the client, the
//            router, cookies or storage: their *.actors.ts files make their effects from the
//            client, and src/app provides them
//   mocks/   the fake backend: contract/, domain/, demo/
//   server/  the real backend: contract/, domain/, demo/; SQL (kysely's sql tag, the query builder,
//            the driver) only in its repositories (*.repository.ts) and server/db/
//   tests/   the tests beside mocks/ and server/ import tests/support/ and nothing else of tests/;
//            no production file imports tests/
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const restrict = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

const only = (folder, message) => ({ group: [`**/${folder}`, `**/${folder}/**`], message });
const noMocks = only("mocks", "Only the fake backend's own files and the tests reach it (src/ through src/main.tsx only).");
const noServer = only("server", "The server is reached over HTTP, through src/api.");
const noDemo = only("demo", "The demo world is the backends' data: the app and the rules never import it.");
const noTests = only("tests", "Test code is for tests; screen tests reach the fake backend through tests/fakeBackend.ts.");
const appBoundary = [noMocks, noServer, noDemo, noTests];
const testSupportOnly = {
  regex: "(^|/)tests/(?!support/)",
  message: "Tests beside the code import the shared test helpers of tests/support only.",
};

/** The app is the browser's: what the other sides share with it lives in contract/ or domain/. */
const noApp = only("src", "Outside the app, share through contract/ (the contract's types and error body) or domain/ (rules).");

/** SQL lives only in the server's repositories (*.repository.ts) and its database plumbing (server/db/). */
const SQL_ONLY_IN_REPOSITORIES = "SQL lives only in repositories (*.repository.ts) and server/db/: call a repository function.";
const sqlOutsideRepositories = {
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: [noApp, noMocks, noTests],
      paths: [
        { name: "kysely", importNames: ["sql"], message: SQL_ONLY_IN_REPOSITORIES },
        { name: "pg", message: "Only server/db/ talks to the driver." },
        { name: "@electric-sql/pglite", message: "Only server/db/ talks to the driver." },
      ],
    },
  ],
  "no-restricted-syntax": [
    "error",
    {
      selector: "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]",
      message: SQL_ONLY_IN_REPOSITORIES,
    },
  ],
};

const screensCallNothing = {
  group: ["**/api/*", "openapi-fetch", "**/*.actors"],
  allowTypeImports: true,
  message: "Screens read machine state and send events; calls belong to machines' actors, provided by src/app.",
};

const machinesKnowNoUi = {
  group: ["**/screens/**", "**/components/**", "**/app/**", "react", "react-dom", "wouter", "wouter/**"],
  message: "Machines know nothing of screens, components, React or the router: effects are provided by src/app.",
};

const machinesCallNothing = {
  group: ["**/api/client*", "**/api/fromApiCall*", "**/api/userCalls*", "**/*.actors"],
  allowTypeImports: true,
  message: "Machines and selectors name their effects; the API calls are their *.actors.ts, provided by src/app.",
};

const bottomLayer = {
  group: ["**/machines/**", "**/screens/**", "**/app/**", "**/components/**"],
  message: "api/ and lib/ are the bottom layer: they import no screen, machine or app code.",
};

const screensImportNoApp = {
  group: ["**/app/**"],
  message: "Screens render the actors src/app creates and hands them as props: they import nothing of src/app, which imports them.",
};

const componentsKnowNoMachines = {
  group: ["**/machines/**", "**/screens/**", "**/app/**"],
  message: "Components are presentational: values and callbacks in, no machine, screen or app code.",
};

/** Of the test code, the app's tests import the fake backend's harness and the shared helpers. */
const appTestHelpersOnly = {
  regex: "(^|/)tests/(?!fakeBackend$|support/)",
  message: "The app's tests import tests/fakeBackend.ts and tests/support/ only of the test code.",
};
/** A folder's rules for its tests: the same, but for the test helpers they may import. */
const forTests = (...patterns) => restrict(...patterns.map((pattern) => (pattern === noTests ? appTestHelpersOnly : pattern)));

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "data/", "contract/schema.d.ts", "tests/e2e/screenshots/"] },
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
    files: ["contract/**"],
    rules: restrict(noApp, noMocks, noServer, noDemo, noTests, only("domain", "The contract's folder is the bottom layer: rules import it, not the reverse.")),
  },
  {
    files: ["domain/**"],
    rules: restrict(noApp, noMocks, noServer, noDemo, noTests),
  },
  {
    files: ["demo/**"],
    rules: restrict(noApp, noMocks, noServer, noTests),
  },
  {
    files: ["mocks/**"],
    ignores: ["**/*.test.ts"],
    rules: restrict(noApp, noServer, noTests),
  },
  {
    files: ["server/**"],
    ignores: ["**/*.test.ts"],
    rules: restrict(noApp, noMocks, noTests),
  },
  {
    files: ["server/**"],
    ignores: ["**/*.test.ts", "**/*.repository.ts", "server/db/**"],
    rules: sqlOutsideRepositories,
  },
  {
    // Tests beside the backends' code share their helpers through tests/support, and nothing else of tests/.
    files: ["mocks/**/*.test.ts"],
    rules: restrict(noApp, noServer, testSupportOnly),
  },
  {
    files: ["server/**/*.test.ts"],
    rules: restrict(noApp, noMocks, testSupportOnly),
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(...appBoundary) },
  },
  {
    // The development-only start of the fake backend's worker.
    files: ["src/main.tsx"],
    rules: restrict(noServer, noDemo, noTests),
  },
  {
    files: ["src/machines/**"],
    ignores: ["src/machines/**/*.actors.ts"],
    rules: restrict(...appBoundary, machinesKnowNoUi, machinesCallNothing),
  },
  {
    // Where a machine meets the API client: typed actor logic that src/app gives to machine.provide().
    files: ["src/machines/**/*.actors.ts"],
    rules: restrict(...appBoundary, machinesKnowNoUi),
  },
  {
    files: ["src/screens/**"],
    rules: restrict(...appBoundary, screensCallNothing, screensImportNoApp),
  },
  {
    files: ["src/components/**"],
    rules: restrict(...appBoundary, screensCallNothing, componentsKnowNoMachines),
  },
  {
    // Screen tests render the real screens against the typed fake backend, through its one harness
    // (the layout's parts in src/app too), with the actors src/app would hand them.
    files: ["src/screens/**/*.test.tsx", "src/components/**/*.test.tsx", "src/app/**/*.test.tsx"],
    rules: restrict(noMocks, noServer, noDemo, screensCallNothing, appTestHelpersOnly),
  },
  {
    files: ["src/screens/**/*.test.tsx"],
    rules: restrict(noMocks, noServer, noDemo, screensCallNothing, appTestHelpersOnly, screensImportNoApp),
  },
  {
    files: ["src/api/**", "src/lib/**"],
    rules: restrict(...appBoundary, bottomLayer),
  },
  {
    // The harness relies on createMockServer alone, so the fake backend's internals stay free to change.
    files: ["tests/fakeBackend.ts"],
    rules: restrict({ group: ["**/mocks/**", "!**/mocks/node"], message: "The screen tests' harness imports only mocks/node.ts." }),
  },
  // The app's other tests keep their folder's rules, and may use the shared test helpers.
  { files: ["src/app/**/*.test.ts"], rules: forTests(...appBoundary) },
  { files: ["src/machines/**/*.test.ts"], rules: forTests(...appBoundary, machinesKnowNoUi, machinesCallNothing) },
  { files: ["src/api/**/*.test.ts", "src/lib/**/*.test.ts"], rules: forTests(...appBoundary, bottomLayer) },
);
