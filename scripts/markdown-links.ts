// The links of a Markdown file that must lead to a file of the repository: relative links and
// links from the repository's root, not web addresses, mail or anchors within the page.
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** Targets of inline links and images, `[text](target "title")`, outside code spans and blocks. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map((match) => (match[1] ?? match[2])!);
}

/** What is wrong with each link of `file` (a path inside `root`) that leads nowhere or out of the repository. */
export function brokenLinks(root: string, file: string, markdown: string): string[] {
  return linkTargets(markdown)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .flatMap((target) => {
      const path = decodeURIComponent(target.split("#")[0]!);
      const absolute = path.startsWith("/") ? join(root, path) : resolve(dirname(join(root, file)), path);
      const inside = relative(root, absolute);
      if (inside === ".." || inside.startsWith(`..${sep}`)) return [`${file}: ${target} leads out of the repository`];
      return existsSync(absolute) ? [] : [`${file}: ${target} does not exist`];
    });
}
