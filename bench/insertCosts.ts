// What one batch of new members costs PostgreSQL's processor, by what the insert maintains: the
// batch inserted as the member file's import inserts it, with every trigger and index, then with
// each trigger of members turned off alone, with all of them off, without the descending sort
// indexes and without the trigram indexes, each in a transaction rolled back (the database is left
// as it was). The figure is the backend's own processor time (utime + stime of its process, read
// from /proc, 10 ms steps), not the wall time: it holds on a busy machine, where wall times do
// not. Run it on a copy of the benchmark database (it drops indexes and turns triggers off inside
// its transactions, which take the members table's exclusive lock), on this machine's PostgreSQL.
//   npx tsx bench/insertCosts.ts [members] [rows a batch] [rounds]
// Defaults: 1,000,000 members, 5,000 rows, 3 rounds (the median of the rounds is printed).
import { loadavg } from "node:os";
import { benchDatabase } from "./load.ts";
import { backendProcessorMs } from "./processorTime.ts";

const members = Number(process.argv[2] ?? 1_000_000);
const rows = Number(process.argv[3] ?? 5000);
const rounds = Number(process.argv[4] ?? 3);

// The shared benchmark database is never locked by it: a copy of one's own must be named.
if (!process.env.BENCH_DATABASE_URL) throw new Error("BENCH_DATABASE_URL: name a copy of the benchmark database (createdb -T recall_bench …)");
const database = await benchDatabase("postgres", members);
const client = await database.pool.connect();

/** New members as a payer's file brings them: spread over the practices, names and birth dates varied (with the abbreviation, which the trigger that writes it otherwise gives). */
const insertBatch = (first: number) => `
  insert into members (company, subscriber_id, pat_num, mco, first_name, middle_name, last_name, practice_id,
                       address1, city, state, phone, date_of_birth, days_extracted, entry_time, practice_abbr)
  select 'denta', 'Z' || (${first} + g)::text, '', 'DQ', (array['Al','Bo','Cy','Di','Ed','Fa','Gu','Iv'])[1 + g % 8], '',
         (array['Lee','Ruz','Tan','Diz','Kim','Cox','Wu','Pak','Sho'])[1 + g % 9] || chr(65 + g % 26), p.id,
         '', '', '', '', date '2012-03-04' + g % 300, 14, now(), p.abbr
  from generate_series(1, ${rows}) g join practices p on p.id = (select min(id) from practices) + g % 25`;

try {
  const pid = Number((await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid);
  const triggers = (await client.query<{ name: string }>("select tgname as name from pg_trigger where tgrelid = 'members'::regclass and not tgisinternal and tgtype & 4 <> 0 order by tgname")).rows.map((row) => row.name);
  const indexesLike = async (pattern: string) =>
    (await client.query<{ name: string }>("select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'members'::regclass and c.relname like $1", [pattern])).rows.map((row) => row.name);
  const descending = await indexesLike("members_sort_%_desc_idx");
  const trigram = await indexesLike("members_%_trgm_idx");
  const offTriggers = (names: string[]) => names.map((name) => `alter table members disable trigger ${name}`);
  const dropped = (names: string[]) => names.map((name) => `drop index ${name}`);
  const variants: [string, string[]][] = [
    ["everything", []],
    ...triggers.map((name): [string, string[]] => [`without trigger ${name}`, offTriggers([name])]),
    [`without any of the ${triggers.length} triggers`, offTriggers(triggers)],
    [`without the ${descending.length} descending sort indexes`, dropped(descending)],
    [`without the ${trigram.length} trigram indexes`, dropped(trigram)],
  ];
  const spent = new Map<string, number[]>();
  let first = 90_000_000;
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, setUp] of variants) {
      await client.query("begin");
      for (const statement of setUp) await client.query(statement);
      const before = backendProcessorMs(pid)!;
      await client.query(insertBatch(first));
      spent.set(name, [...(spent.get(name) ?? []), backendProcessorMs(pid)! - before]);
      await client.query("rollback");
      first += rows;
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const whole = median(spent.get("everything")!);
  console.log(`One insert of ${rows.toLocaleString("en-US")} new members at ${members.toLocaleString("en-US")}, PostgreSQL backend processor time, median of ${rounds} (load average ${loadavg().map((value) => value.toFixed(1)).join(" ")}):\n`);
  console.log("| insert | ms | µs a row | saved |\n| --- | --- | --- | --- |");
  for (const [name, values] of spent) {
    const ms = median(values);
    console.log(`| ${name} | ${ms} | ${((ms * 1000) / rows).toFixed(0)} | ${name === "everything" ? "" : `${(((whole - ms) / whole) * 100).toFixed(0)} %`} |`);
  }
} finally {
  client.release();
  await database.close();
}
