// @vitest-environment node
// The server with FILE_STORE=s3 on a real S3 server in this process: files of every kind land in
// the bucket and are served from it, and a bucket that refuses the key stops the start in one line.
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../tests/support/s3Server.ts";
import { ADMIN_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { s3ClientOf } from "./s3Settings.ts";

let s3: TestS3Server;
let test: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  test = await startTestApp({ env: s3.env });
}, 120_000);
afterAll(async () => {
  await test?.close();
  await s3?.close();
});

async function objectIn(key: string): Promise<Buffer | undefined> {
  const answer = await s3ClientOf(s3.settings)
    .send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }))
    .catch(() => undefined);
  return answer?.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
}

describe("the server on FILE_STORE=s3", () => {
  it("keeps the demo audio in the bucket at start", async () => {
    expect((await objectIn("recordings/demo/inbound-call.mp3"))?.byteLength).toBeGreaterThan(1000);
  });

  it("uploads a help file to the bucket and serves it, a range too", async () => {
    const token = await test.sessionOf(ADMIN_EMAIL);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2000, 32), Buffer.from("\n%%EOF\n")]);
    const put = await test.app.inject({ method: "PUT", url: "/api/files/help/bucket-guide.pdf", headers: { authorization: `Bearer ${token}`, "content-type": "application/pdf" }, payload: pdf });
    expect(put.statusCode).toBe(201);
    expect((await objectIn("help/bucket-guide.pdf"))?.equals(pdf)).toBe(true);
    const part = await test.app.inject({ method: "GET", url: "/api/files/help/bucket-guide.pdf", headers: { range: "bytes=0-3" } });
    expect([part.statusCode, part.headers["content-range"], part.body]).toEqual([206, `bytes 0-3/${pdf.byteLength}`, "%PDF"]);
  });

  it("queues mail as an .eml in the bucket", async () => {
    const token = await test.sessionOf(ADMIN_EMAIL);
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/report/sendFeedback",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: { subject: "Files", message: "The bucket keeps mail", firstName: "Alicia", lastName: "Moreno", email: ADMIN_EMAIL, practice: "", dateTime: "11/16/2026 09:00 AM" },
    });
    expect(sent.statusCode).toBe(202);
    const row = await test.database.db.selectFrom("outbox").select("file").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await objectIn(`outbox/${row.file}`))?.toString()).toContain("The bucket keeps mail");
  });
});

describe("a bucket that refuses the key", () => {
  it("stops the start with one line", async () => {
    const refused = startTestApp({ env: { ...s3.env, S3_ACCESS_KEY_ID: "NOBODY" } });
    await expect(refused).rejects.toThrow(/^FILE_STORE=s3: bucket "recall-desk-test" at http:\/\/127\.0\.0\.1:\d+ refused the credentials \([\w ]+\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY$/);
  });
});
