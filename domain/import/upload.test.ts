import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../contract/errors.ts";
import { brandOfUpload, fileTooLarge, headerOf, isCsvFileName, tooLargeToSend, uploadProblems } from "./upload.ts";

const HEADER = "Subscriber_ID, MCO ,First_Name,Last_Name,Practice,Date_of_Birth";

describe("uploadProblems", () => {
  it("accepts a members file whose name names the payer", () => {
    expect(uploadProblems({ fileName: "DENTA_ELIG.csv", content: `${HEADER}\n1,2,3` }, true)).toEqual([]);
    expect(brandOfUpload({ fileName: "DENTA_ELIG.csv", content: "" })).toBe("denta");
    expect(brandOfUpload({ fileName: "list.csv", brand: "uhc", content: "" })).toBe("uhc");
  });

  it("names the payer, the practice and the content when the file cannot be imported at all", () => {
    expect(uploadProblems({ fileName: "list.csv", practice: "NOPE", content: "a,b\n1,2" }, false).map((problem) => problem.field)).toEqual(["brand", "practice", "content"]);
  });

  it("names the file when it is empty or not text, instead of reading its header", () => {
    expect(uploadProblems({ fileName: "DENTA_empty.csv", content: "" }, true)).toEqual([{ field: "content", message: "DENTA_empty.csv is empty" }]);
    expect(uploadProblems({ fileName: "DENTA_empty.csv", content: "\r\n\n" }, true)).toEqual([{ field: "content", message: "DENTA_empty.csv is empty" }]);
    expect(uploadProblems({ fileName: "DENTA_latin1.csv", content: `${HEADER}\n1,M\uFFFDller` }, true)).toEqual([
      { field: "content", message: "DENTA_latin1.csv is not a text file: save the payer's list as CSV (UTF-8) and choose that file." },
    ]);
  });

  it("reads the header's columns trimmed, quoted ones included", () => {
    expect(headerOf(`"Subscriber_ID", MCO \r\n1,2`)).toEqual(["Subscriber_ID", "MCO"]);
  });
});

describe("what the browser checks before sending", () => {
  it("takes .csv names only", () => {
    expect(isCsvFileName("DENTA.CSV")).toBe(true);
    expect(isCsvFileName("DENTA.xlsx")).toBe(false);
    expect(isCsvFileName("a/DENTA.csv")).toBe(false);
    for (const name of ["DENTA\r\n.csv", "DENTA\n.csv", "DENTA\u001b[31m.csv", "DENTA\u202Evsc.csv", "DENTA\u0085.csv"]) expect(isCsvFileName(name)).toBe(false);
  });

  it("knows a body the server would refuse as too large, and says how large", () => {
    const content = "x".repeat(MAX_BODY_BYTES - 100);
    expect(tooLargeToSend({ fileName: "a.csv", content: content.slice(0, -1000) })).toBe(false);
    expect(tooLargeToSend({ fileName: "a.csv", content: `${content}""""""""""""""""""""""""""""""""""""""""""""""""""""""` })).toBe(true);
    expect(fileTooLarge("DENTA.csv", 12_345_678)).toBe(
      "DENTA.csv is 12.3 MB: files up to 10 MB can be imported from the browser. Split it into 2 files of at most 10 MB, or import it on the server with npm run import.",
    );
    expect(fileTooLarge("DENTA.csv", 52_000_000)).toContain("Split it into 6 files of at most 10 MB");
  });
});
