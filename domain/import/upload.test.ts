import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../contract/errors.ts";
import { brandOfUpload, fileTooLarge, isCsvFileName, tooLargeToSend, uploadBodyProblems, uploadTargetProblems } from "./upload.ts";
import { textFactsOf } from "./uploadedText.ts";

const HEADER = "Subscriber_ID, MCO ,First_Name,Last_Name,Practice,Date_of_Birth";
const facts = (text: string) => textFactsOf(new TextEncoder().encode(text));

describe("uploadTargetProblems and uploadBodyProblems", () => {
  it("accepts a members file whose name names the payer", () => {
    expect(uploadTargetProblems({ fileName: "DENTA_ELIG.csv" }, true)).toEqual([]);
    expect(uploadBodyProblems({ fileName: "DENTA_ELIG.csv" }, facts(`${HEADER}\n1,2,3`))).toEqual([]);
    expect(brandOfUpload({ fileName: "DENTA_ELIG.csv" })).toBe("denta");
    expect(brandOfUpload({ fileName: "list.csv", brand: "uhc" })).toBe("uhc");
  });

  it("names the payer and the practice when the file cannot be imported whatever it holds", () => {
    expect(uploadTargetProblems({ fileName: "list.csv", practice: "NOPE" }, false).map((problem) => problem.field)).toEqual(["brand", "practice"]);
  });

  it("names the body when it is empty, not text, or not a members file", () => {
    expect(uploadBodyProblems({ fileName: "DENTA_empty.csv" }, facts(""))).toEqual([{ field: "body", message: "DENTA_empty.csv is empty" }]);
    expect(uploadBodyProblems({ fileName: "DENTA_empty.csv" }, facts("\r\n\n"))).toEqual([{ field: "body", message: "DENTA_empty.csv is empty" }]);
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\n1,M`), 0xfc, ...new TextEncoder().encode("ller")]);
    expect(uploadBodyProblems({ fileName: "DENTA_latin1.csv" }, textFactsOf(latin1))).toEqual([
      { field: "body", message: "DENTA_latin1.csv is not a text file: save the payer's list as CSV (UTF-8) and choose that file." },
    ]);
    expect(uploadBodyProblems({ fileName: "DENTA_notes.csv" }, facts("Name,Note\nIvy,call back"))[0]!.message).toMatch(/^is not a members file: DENTA_notes\.csv has an unexpected header/);
  });
});

describe("what the browser checks before sending", () => {
  it("takes .csv names only", () => {
    expect(isCsvFileName("DENTA.CSV")).toBe(true);
    expect(isCsvFileName("DENTA.xlsx")).toBe(false);
    expect(isCsvFileName("a/DENTA.csv")).toBe(false);
    for (const name of ["DENTA\r\n.csv", "DENTA\n.csv", "DENTA\u001b[31m.csv", "DENTA\u202Evsc.csv", "DENTA\u0085.csv"]) expect(isCsvFileName(name)).toBe(false);
  });

  it("knows a file the server would refuse as too large, and says how large", () => {
    expect(tooLargeToSend(MAX_BODY_BYTES)).toBe(false);
    expect(tooLargeToSend(MAX_BODY_BYTES + 1)).toBe(true);
    expect(fileTooLarge("DENTA.csv", 12_345_678)).toBe(
      "DENTA.csv is 12.3 MB: files up to 10 MB can be imported from the browser. Split it into 2 files of at most 10 MB, or import it on the server with npm run import.",
    );
    expect(fileTooLarge("DENTA.csv", 52_000_000)).toContain("Split it into 6 files of at most 10 MB");
  });
});
