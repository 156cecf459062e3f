// Search of the members list (openapi.yaml getMembersTableData `search`): a birth date (ISO or
// MM/DD/YYYY) finds the members born that day; a number finds subscriber ids, patient numbers and
// phones by their digits; other text finds names containing it. Trigram-indexed.
// Not yet the specification's fuzzy name match (threshold 0.1); names match as substrings.
import { sql, type RawBuilder } from "kysely";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const PHONE_OR_NUMBER = /^[\d\s()+.-]+$/;

function isoDateOf(text: string): string | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return text;
  const us = US_DATE.exec(text);
  if (us) return `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}`;
  return undefined;
}

export function searchCondition(text: string): RawBuilder<boolean> {
  const date = isoDateOf(text);
  if (date && !Number.isNaN(Date.parse(date))) return sql<boolean>`m.date_of_birth = ${date}::date`;
  if (PHONE_OR_NUMBER.test(text)) {
    const digits = text.replace(/\D/g, "");
    return sql<boolean>`(m.subscriber_id = ${digits} or m.pat_num = ${digits} or regexp_replace(m.phone, '\\D', '', 'g') = ${digits})`;
  }
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(m.first_name || ' ' || m.last_name ilike ${pattern} or m.first_name || ' ' || m.middle_name || ' ' || m.last_name ilike ${pattern} or m.subscriber_id = ${text})`;
}
