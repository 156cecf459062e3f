// Two production builds of the members list side by side (A/B): both served at once over one
// benchmark database, each in its own page, their sort clicks alternating so that both see the same
// load and the same warm database. A warm-up round of every sort first (not counted).
//   npx tsx bench/uiAb.ts <dist A> <dist B> [members] [rounds]
import { chromium, type Page } from "playwright-core";
import { ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase } from "./load.ts";
import { CHROMIUM, FLAGS, openEveryMemberAThousandAPage, SORTED_COLUMNS, timeSortClick } from "./ui.ts";

const [distA, distB] = [process.argv[2]!, process.argv[3]!];
const size = Number(process.argv[4] ?? 200_000);
const rounds = Number(process.argv[5] ?? 3);
const database = await benchDatabase("pglite", size);
const servers = [await startBenchServer(database, distA), await startBenchServer(database, distB)];
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS.filter((flag) => !flag.startsWith("--headless")) });
  const pages: Page[] = [];
  for (const server of servers) {
    const context = await browser.newContext({ baseURL: server.baseUrl.replace(/\/api$/, ""), viewport: { width: 1280, height: 800 } });
    await context.addInitScript("window.__name = (fn) => fn");
    const page = await context.newPage();
    await openEveryMemberAThousandAPage(page);
    pages.push(page);
  }
  const figures = pages.map(() => ({ painted: [] as number[], answered: [] as number[], after: [] as number[] }));
  for (let round = -1; round < rounds; round += 1) {
    for (const [header] of SORTED_COLUMNS) {
      for (const [index, page] of pages.entries()) {
        await page.bringToFront();
        const { painted, answered } = await timeSortClick(page, header);
        if (round < 0) continue;
        figures[index]!.painted.push(painted);
        figures[index]!.answered.push(answered);
        figures[index]!.after.push(painted - answered);
      }
    }
  }
  await browser.close();
  for (const [index, figure] of figures.entries()) {
    console.log(`${index === 0 ? "A" : "B"} ${index === 0 ? distA : distB}: painted p50 ${ms(quantile(figure.painted, 0.5))} p95 ${ms(quantile(figure.painted, 0.95))}, answered p50 ${ms(quantile(figure.answered, 0.5))}, answer → painted p50 ${ms(quantile(figure.after, 0.5))} p95 ${ms(quantile(figure.after, 0.95))} (${figure.painted.length} clicks)`);
  }
} finally {
  for (const server of servers) await server.close();
  await database.close();
}
