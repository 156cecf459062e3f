import { describe, expect, it } from "vitest";
import { membersStatusSlice, prioritySlice, sliceQuery } from "./drillDown.ts";
import type { MembersStatusQuery } from "./membersStatus.ts";

const EVERYTHING: MembersStatusQuery = { brand: "all", region: "all", practice: [], mco: "all", result: "all" };

describe("members status drill-down", () => {
  it("opens a group cell as the practice's members of that status and payer, under the report's MCO and result", () => {
    const slice = membersStatusSlice({ ...EVERYTHING, mco: "MCNA Dental CHIP", result: "" }, [7], "Recare_Future_Appointment_MCNA");
    expect(slice).toEqual({ practice: "7", status: "Recare Future Appointment", brand: "mcna", mco: "MCNA Dental CHIP", result: "", priority: "all" });
  });

  it("opens the Members column as the worked statuses of DENTA, MCNA and UHC, narrowed by the report's payer", () => {
    expect(membersStatusSlice(EVERYTHING, [7], "total")).toMatchObject({
      status: "New Patient,Recare No Future Appointment,Recare Future Appointment",
      brand: "denta,mcna,uhc",
    });
    expect(membersStatusSlice({ ...EVERYTHING, brand: "uhc" }, [7], "total")).toMatchObject({ brand: "uhc" });
    expect(membersStatusSlice({ ...EVERYTHING, brand: "tmhp" }, [7], "total")).toBeUndefined();
  });

  it("opens the Extracted column as every member of the practices under the report's payer", () => {
    expect(membersStatusSlice({ ...EVERYTHING, brand: "tmhp" }, [1, 2], "extractedMembers")).toMatchObject({ practice: "1,2", status: "all", brand: "tmhp" });
  });

  it("has no slice for another payer's column under a payer filter", () => {
    expect(membersStatusSlice({ ...EVERYTHING, brand: "denta" }, [7], "New_Patient_UHC")).toBeUndefined();
  });
});

describe("priority drill-down", () => {
  it("opens a location row as its members with planned treatment, a priority cell as that priority", () => {
    expect(prioritySlice(4)).toMatchObject({ practice: "4", priority: "any", status: "all" });
    expect(prioritySlice(4, "P2")).toMatchObject({ priority: "P2" });
  });
});

describe("slice address", () => {
  it("carries practice, status and brand always and the other filters when they filter", () => {
    expect(sliceQuery(prioritySlice(4))).toBe("practice=4&status=all&brand=all&priority=any");
    const blank = membersStatusSlice({ ...EVERYTHING, result: "" }, [3], "New_Patient_DENTA")!;
    expect(sliceQuery(blank)).toBe("practice=3&status=New+Patient&brand=denta&result=");
  });
});
