// The call-recordings tag: the directory with its filters and paging, campaigns, search, and
// signed, expiring download links whose file is served without a session.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

interface Recording {
  id: number;
  name: string;
  dateFolder: string;
  practiceId: number;
  campaign: string;
  phone: string;
  mail: string;
  size: number;
  url: string;
  recordedAt: string;
  audioRemovedAt: string | null;
  memberId: number | null;
}

const directory = (query: Record<string, string | number>) =>
  backend.api.get("/call-recordings/directoryList", { token: backend.staff.token, query });
const newestFirst = (rows: Recording[]) =>
  rows.every((row, index) => {
    const before = rows[index - 1];
    if (!before) return true;
    const order = Date.parse(before.recordedAt) - Date.parse(row.recordedAt);
    return order > 0 || (order === 0 && before.id > row.id);
  });

/** A download link's token: the last segment of `/call-recordings/file/{token}`. */
const tokenOf = (link: string) => new URL(link).pathname.split("/").at(-1)!;

describe("GET /call-recordings/campaigns", () => {
  it("lists the campaigns with recordings and their counts, sorted by name", async () => {
    const { status, body } = await backend.api.get("/call-recordings/campaigns", { token: backend.staff.token });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(1);
    const names = body.map((campaign: { name: string }) => campaign.name);
    expect(names).toEqual([...names].sort());
    const filed = body.filter((campaign: { count: number }) => campaign.count > 0);
    expect(filed.length).toBeGreaterThan(1);

    const [first] = filed;
    expect((await directory({ campaign: first.name })).body.count).toBe(first.count);
  });

  it("lists the campaigns the caller may read with 0 while their calls have no recording", async () => {
    const created = await backend.api.post("/campaigns", {
      token: backend.admin.token,
      body: { name: "Recordings filter recare", description: "", script: "", targets: {}, agents: [backend.colleague.user.id], startsOn: "2026-11-14", endsOn: "2099-12-31", hours: null, goalResult: null, attemptCap: null, position: 0 },
    });
    expect(created.status).toBe(201);
    const listed = async (token: string) => (await backend.api.get("/call-recordings/campaigns", { token })).body as { name: string; count: number }[];
    expect(await listed(backend.admin.token)).toContainEqual({ name: "Recordings filter recare", count: 0 });
    expect(await listed(backend.colleague.token)).toContainEqual({ name: "Recordings filter recare", count: 0 });
    expect((await listed(backend.staff.token)).map((campaign) => campaign.name)).not.toContain("Recordings filter recare");
    expect((await directory({ campaign: "Recordings filter recare" })).body).toEqual({ count: 0, rows: [] });
  });
});

describe("GET /call-recordings/directoryList", () => {
  it("answers the first page of 15 newest first, with the count of all recordings", async () => {
    const { status, body } = await directory({});
    expect(status).toBe(200);
    expect(body.rows).toHaveLength(15);
    expect(body.count).toBeGreaterThan(100);
    expect(newestFirst(body.rows)).toBe(true);
    expect(body.rows.every((row: Recording) => row.size > 0 && row.url !== "" && row.mail.includes("@"))).toBe(true);
  });

  it("pages without overlap, and answers an empty page past the end", async () => {
    const first = (await directory({ activePage: 1, selectedPageSize: 50 })).body;
    const second = (await directory({ activePage: 2, selectedPageSize: 50 })).body;
    expect(second.count).toBe(first.count);
    expect(second.rows).toHaveLength(50);
    expect(newestFirst([...first.rows, ...second.rows])).toBe(true);
    const all = (await directory({ selectedPageSize: 1000 })).body;
    expect(all.rows).toHaveLength(Math.min(1000, all.count));
    expect(all.rows.slice(50, 100)).toEqual(second.rows);
    const past = (await directory({ activePage: Math.ceil(all.count / 15) + 1 })).body;
    expect(past).toEqual({ count: all.count, rows: [] });
  });

  it("keeps only the recordings of the practice, campaign and date range asked for", async () => {
    const all = (await directory({ selectedPageSize: 1000 })).body.rows as Recording[];
    const sample = all[all.length >> 1]!;
    const start = sample.dateFolder;
    const end = all[0]!.dateFolder;
    const { status, body } = await directory({
      practice: sample.practiceId,
      campaign: sample.campaign,
      dates: `${start},${end}`,
      selectedPageSize: 1000,
    });
    expect(status).toBe(200);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.count).toBe(body.rows.length);
    for (const row of body.rows as Recording[]) {
      expect(row.practiceId).toBe(sample.practiceId);
      expect(row.campaign).toBe(sample.campaign);
      expect(row.dateFolder >= start && row.dateFolder <= end).toBe(true);
    }
    const expected = all.filter(
      (row) => row.practiceId === sample.practiceId && row.campaign === sample.campaign && row.dateFolder >= start && row.dateFolder <= end,
    );
    expect(body.rows).toEqual(expected);
  });

  it("keeps one day's folder, the same as a range of that day (both ends included), and treats 'all' as no filter", async () => {
    const [newest] = (await directory({})).body.rows as Recording[];
    const day = (await directory({ dateFolder: newest!.dateFolder, selectedPageSize: 1000 })).body;
    expect(day.rows.every((row: Recording) => row.dateFolder === newest!.dateFolder)).toBe(true);
    expect(day.rows).toContainEqual(newest);
    const oneDayRange = (await directory({ dates: `${newest!.dateFolder},${newest!.dateFolder}`, selectedPageSize: 1000 })).body;
    expect(oneDayRange).toEqual(day);
    const everything = (await directory({ practice: "all", campaign: "all" })).body;
    expect(everything.count).toBe((await directory({})).body.count);
  });

  it("searches the phone, the agent's e-mail and the file name, trimmed and ignoring case", async () => {
    const [newest] = (await directory({})).body.rows as Recording[];
    const byPhone = (await directory({ search: `  ${newest!.phone.slice(-8)} `, selectedPageSize: 1000 })).body;
    expect(byPhone.rows).toContainEqual(newest);
    expect(byPhone.rows.every((row: Recording) => row.phone.includes(newest!.phone.slice(-8)))).toBe(true);

    const agent = newest!.mail.toUpperCase();
    const byMail = (await directory({ search: agent, selectedPageSize: 1000 })).body;
    expect(byMail.count).toBeGreaterThan(0);
    expect(byMail.rows.every((row: Recording) => row.mail === newest!.mail)).toBe(true);

    const byName = (await directory({ search: newest!.name })).body;
    expect(byName.rows).toEqual([newest]);
  });

  it("keeps exactly one member's recordings: those linked to them, whoever else has the phone", async () => {
    const all = (await directory({ selectedPageSize: 1000 })).body.rows as Recording[];
    expect(all.length).toBeLessThan(1000);
    const linked = all.filter((row) => row.memberId !== null);
    expect(linked.length).toBeGreaterThan(0);
    const memberId = linked[0]!.memberId!;
    const { status, body } = await directory({ memberId, selectedPageSize: 1000 });
    expect(status).toBe(200);
    expect(body.rows).toEqual(all.filter((row) => row.memberId === memberId));
    expect(body.count).toBe(body.rows.length);
    // A search by that phone also finds the recordings of no member or of another one.
    const byPhone = (await directory({ search: linked[0]!.phone, selectedPageSize: 1000 })).body.rows as Recording[];
    expect(byPhone).toEqual(expect.arrayContaining(body.rows));
    expect(await directory({ memberId: 2147483647 }).then((answer) => answer.body)).toEqual({ count: 0, rows: [] });
  });

  it("keeps exactly one agent's recordings: the e-mail whole, ignoring case, not a part of it", async () => {
    const all = (await directory({ selectedPageSize: 1000 })).body.rows as Recording[];
    const mail = all[0]!.mail;
    const { status, body } = await directory({ agent: mail.toUpperCase(), selectedPageSize: 1000 });
    expect(status).toBe(200);
    expect(body.rows).toEqual(all.filter((row) => row.mail.toLowerCase() === mail.toLowerCase()));
    expect(body.rows.length).toBeGreaterThan(0);
    const part = mail.slice(1);
    expect((await directory({ search: part })).body.count).toBeGreaterThan(0);
    expect((await directory({ agent: part })).body).toEqual({ count: 0, rows: [] });
    const withOthers = (await directory({ agent: mail, campaign: all[0]!.campaign, selectedPageSize: 1000 })).body.rows as Recording[];
    expect(withOthers).toEqual(body.rows.filter((row: Recording) => row.campaign === all[0]!.campaign));
  });

  it("answers 400 naming memberId and agent when out of their bounds", async () => {
    const { status, body } = await directory({ memberId: 0, agent: "a".repeat(255) });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["memberId", "agent"]));
  });

  it("answers 400 naming dates for a range that starts after it ends, and for a lone date", async () => {
    for (const dates of ["2026-11-16,2026-11-01", "2026-11-16"]) {
      const { status, body } = await directory({ dates });
      expect(status).toBe(400);
      expect(fieldsOf(body)).toContain("dates");
    }
  });

  it("answers 400 naming a page size that is not offered and a page below 1", async () => {
    const { status, body } = await directory({ selectedPageSize: 20, activePage: 0 });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["selectedPageSize", "activePage"]));
  });
});

describe("GET /call-recordings/search", () => {
  it("answers the count of all matches and the first 50, newest first", async () => {
    const { status, body } = await backend.api.get("/call-recordings/search", { token: backend.staff.token, query: { text: " .MP3 " } });
    expect(status).toBe(200);
    const all = (await directory({ selectedPageSize: 15 })).body;
    expect(body.count).toBe(all.count);
    expect(body.rows).toHaveLength(Math.min(50, all.count));
    expect(newestFirst(body.rows)).toBe(true);
    expect(body.rows.slice(0, 15)).toEqual(all.rows);
  });

  it("finds what the directory's search finds", async () => {
    const [newest] = (await directory({})).body.rows as Recording[];
    const { body } = await backend.api.get("/call-recordings/search", { token: backend.staff.token, query: { text: newest!.mail } });
    const listed = (await directory({ search: newest!.mail })).body;
    expect(body.count).toBe(listed.count);
    expect(body.rows.slice(0, 15)).toEqual(listed.rows);
  });

  it("answers 400 naming text when it is missing", async () => {
    const { status, body } = await backend.api.get("/call-recordings/search", { token: backend.staff.token });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("text");
  });
});

describe("downloads: GET /call-recordings/downloadCallRecording and GET /call-recordings/file/{token}", () => {
  async function linkFor(title: string) {
    const [recording] = (await directory({})).body.rows as Recording[];
    const answer = await backend.api.get("/call-recordings/downloadCallRecording", {
      token: backend.staff.token,
      query: { key: recording!.url, title },
    });
    expect(answer.status).toBe(200);
    return answer.body.data as string;
  }

  it("answers a link to the file that a new tab fetches without a session, as an attachment named as asked", async () => {
    const link = await linkFor("Recare call 2026-11-16.mp3");
    expect(new URL(link).pathname).toMatch(/\/api\/call-recordings\/file\/[A-Za-z0-9._~-]+$/);

    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="Recare call 2026-11-16.mp3"');
    const type = response.headers.get("content-type") ?? "";
    expect(["audio/mpeg", "audio/wav"]).toContain(type);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    const magic = new TextDecoder().decode(bytes.slice(0, 4));
    if (type === "audio/wav") expect(magic).toBe("RIFF");
    else expect(magic.startsWith("ID3") || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)).toBe(true);

    const again = await backend.api.get("/call-recordings/file/{token}", { path: { token: tokenOf(link) } });
    expect(again.status).toBe(200);
  });

  it("answers a Range of the file (206), so an audio element seeks, and 416 beyond its end", async () => {
    const link = await linkFor("seek.mp3");
    const whole = await fetch(link);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const size = bytes.length;

    const head = await fetch(link, { headers: { range: "bytes=0-3" } });
    expect([head.status, head.headers.get("content-range"), head.headers.get("content-length")]).toEqual([206, `bytes 0-3/${size}`, "4"]);
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(bytes.slice(0, 4));

    const middle = await fetch(link, { headers: { range: `bytes=100-` } });
    expect([middle.status, middle.headers.get("content-range")]).toEqual([206, `bytes 100-${size - 1}/${size}`]);
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(bytes.slice(100));

    const tail = await fetch(link, { headers: { range: "bytes=-10" } });
    expect([tail.status, tail.headers.get("content-range")]).toEqual([206, `bytes ${size - 10}-${size - 1}/${size}`]);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(size - 10));

    const beyond = await fetch(link, { headers: { range: `bytes=${size}-` } });
    expect([beyond.status, beyond.headers.get("content-range")]).toEqual([416, `bytes */${size}`]);
    await beyond.arrayBuffer();
  });

  it("ends a user's links with the session they were issued in: signed out, the link is refused (401)", async () => {
    const { token } = await backend.signIn(backend.staff.user.email);
    const [recording] = (await directory({})).body.rows as Recording[];
    const issued = await backend.api.get("/call-recordings/downloadCallRecording", { token, query: { key: recording!.url, title: "signed-out.mp3" } });
    const link = issued.body.data as string;
    expect((await backend.api.get("/call-recordings/file/{token}", { path: { token: tokenOf(link) } })).status).toBe(200);
    expect((await backend.api.delete("/sessions", { token })).status).toBe(204);
    const after = await backend.api.get("/call-recordings/file/{token}", { path: { token: tokenOf(link) } });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: "Invalid or expired token", statusCode: 401 });
  });

  it("refuses the link once it has expired (401)", async () => {
    const link = await linkFor("expiring.mp3");
    await backend.target.expireDownloadLink(tokenOf(link));
    const { status, body } = await backend.api.get("/call-recordings/file/{token}", { path: { token: tokenOf(link) } });
    expect(status).toBe(401);
    expect(body.statusCode).toBe(401);
  });

  it("refuses a token it never issued (401) and a malformed one (400)", async () => {
    expect((await backend.api.get("/call-recordings/file/{token}", { path: { token: "never-issued-token" } })).status).toBe(401);
    const malformed = await backend.api.get("/call-recordings/file/{token}", { path: { token: "bad token!" } });
    expect(malformed.status).toBe(400);
    expect(fieldsOf(malformed.body)).toContain("token");
  });

  it("answers 404 for an unknown key", async () => {
    const { status } = await backend.api.get("/call-recordings/downloadCallRecording", {
      token: backend.staff.token,
      query: { key: "no/such/recording.mp3", title: "x.mp3" },
    });
    expect(status).toBe(404);
  });

  it("answers 400 naming title for a title with a path separator, and key when it is missing", async () => {
    const { status, body } = await backend.api.get("/call-recordings/downloadCallRecording", {
      token: backend.staff.token,
      query: { title: "../../etc/passwd" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["key", "title"]));
  });
});

describe("a recording whose audio retention removed", () => {
  it("keeps its row, marked with when, answers 410 for a new link and ends a link issued before (404)", async () => {
    const before = (await directory({})).body;
    expect(before.rows.every((row: Recording) => row.audioRemovedAt === null)).toBe(true);
    // The last of the first page: the tests above link the newest.
    const kept = before.rows.at(-1) as Recording;
    const issued = await backend.api.get("/call-recordings/downloadCallRecording", { token: backend.staff.token, query: { key: kept.url, title: "before.mp3" } });
    expect(issued.status).toBe(200);

    await backend.target.removeRecordingAudio(kept.id);

    const after = (await directory({})).body;
    expect(after.count).toBe(before.count);
    const removed = after.rows.find((row: Recording) => row.id === kept.id) as Recording;
    expect(removed).toEqual({ ...kept, audioRemovedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(removed.audioRemovedAt!))).toBe(false);
    const found = (await backend.api.get("/call-recordings/search", { token: backend.staff.token, query: { text: kept.name } })).body;
    expect(found.rows).toEqual([removed]);

    const refused = await backend.api.get("/call-recordings/downloadCallRecording", { token: backend.staff.token, query: { key: kept.url, title: "after.mp3" } });
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ message: "The audio of this recording was removed when its retention period ended.", statusCode: 410 });

    const file = await backend.api.get("/call-recordings/file/{token}", { path: { token: tokenOf(issued.body.data) } });
    expect(file.status).toBe(404);
    expect(file.body.statusCode).toBe(404);
  });
});
