// What a person sees of text laid out on screen, for the walks that check it.
import type { Locator } from "playwright-core";

/**
 * The words (runs of text without a space, such as "SM-BAYT" or an e-mail address) of the
 * elements that are laid out on more than one line: broken in two, at a hyphen or anywhere.
 */
export function wordsBrokenAcrossLines(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((element) => {
      const texts: { node: Text; start: number }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let length = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        texts.push({ node: node as Text, start: length });
        length += (node as Text).length;
      }
      const at = (offset: number) => {
        const found = texts.findLast((text) => text.start <= offset)!;
        return [found.node, offset - found.start] as const;
      };
      return [...(element.textContent ?? "").matchAll(/\S+/g)].flatMap((match) => {
        const range = document.createRange();
        range.setStart(...at(match.index));
        const [endNode, endOffset] = at(match.index + match[0].length - 1);
        range.setEnd(endNode, endOffset + 1);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [match[0]] : [];
      });
    }),
  );
}

/** How far the element scrolls sideways: what lies past its right edge, in CSS pixels (0 for none). */
export function sidewaysOverflow(element: Locator): Promise<number> {
  return element.evaluate((node) => Math.max(0, node.scrollWidth - node.clientWidth));
}

/** The number of lines each element's text is laid out on. */
export function textLines(elements: Locator): Promise<number[]> {
  return elements.evaluateAll((nodes) =>
    nodes.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom))).size;
    }),
  );
}
