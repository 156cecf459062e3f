// The local XState inspector that `?inspect=ws` streams to (src/main.tsx): a relay whose page
// embeds Stately's inspector UI (that page needs the internet; the stream itself does not). It has
// a port of its own so that it runs beside the server (8080) and Vite (5173).
// Usage: npm run inspector, then open the app with ?inspect=ws
import { createInspectorServer } from "@statelyai/inspect/server";

const PORT = 8090;

createInspectorServer({ port: PORT, autoOpen: false });
console.log(`XState inspector: open http://localhost:${PORT}, then the app with ?inspect=ws (it streams to ws://localhost:${PORT})`);
