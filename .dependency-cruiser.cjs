// Import cycles (npm run lint): a cycle works only by the order modules happen to load in, so none
// is allowed, type-only imports included (they still tie the files' meanings together). Nor does a
// file of one server area import another area's handlers (a rule between folders that name each
// other, which eslint's patterns cannot say). The direction of imports between folders is
// eslint.config.js's.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles are not allowed: break the cycle by moving what both sides need into a module of its own.",
      from: {},
      to: { circular: true },
    },
    {
      name: "handlers-stay-in-their-area",
      severity: "error",
      comment:
        "A handler calls its own area's repositories and shared services; no file of another area imports its handlers (server/app.ts wires them): move what both need into a module of its own.",
      from: { path: "^server/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^server/[^/]+/.+\\.handlers\\.ts$", pathNot: "^server/$1/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|data)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".d.ts", ".js"] },
  },
};
