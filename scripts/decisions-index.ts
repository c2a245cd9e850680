// The decision records' index (issue #41): `npm run docs:decisions` gives every record in docs/decisions/
// that lacks them a `Status:` and a `Date:` line under its title, then writes docs/decisions/README.md,
// a table per hundred. Rerun it after adding a record; scripts/decisions-index.test.ts fails while the
// index is out of date. Decision 961.
//
// - Status: `superseded by N` when a later record N says it "supersedes" or "replaces" decision(s) this
//   one's number; otherwise what the record says, `accepted` when it says nothing.
// - Date: the day of the git commit that first added the file (today for a file not committed yet).
// Nothing else in a record is changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DECISIONS_DIR = path.join(ROOT, 'docs/decisions');
export const INDEX_FILE = 'README.md';

export type DecisionRecord = {
  number: number;
  file: string;
  title: string;
  /** The record's own `Status:` line, if it has one. */
  status: string | null;
  /** The record's own `Date:` line (YYYY-MM-DD), if it has one. */
  date: string | null;
  text: string;
};

/** The hundreds and what their records are about. A hundred not named here is listed as "Records N00–N99". */
export const GROUPS: Record<number, string> = {
  0: 'Foundations: accounts, the REST door, GPS fusion, the OpenAPI document',
  1: 'Payments, plans and session credits',
  2: 'Game sessions: observations, statuses, joining',
  3: 'Communications, positions and real-time streams',
  4: 'Administration and the catalogue',
  5: 'Screens and live updates in the browser',
  6: 'Cached polled reads and event delivery',
  7: 'Hardening (limits, uploads, lockouts), the hunt loop, player identity, HQ and admin screens, accessibility',
  8: 'Page speed, the field kit, achievements, the REST contract, PostgreSQL and the cluster',
  9: 'Cluster proofs, the data layer, the phone screens, and the server edge remodel',
};

const RECORD_FILE = /^(\d{3})-.+\.md$/;
const TITLE = /^#\s*(\d{3})\s*[.:\u2013\u2014-]?\s*(.+?)\s*$/;
const STATUS_LINE = /^Status:\s*(.+?)\s*$/m;
const DATE_LINE = /^Date:\s*(\d{4}-\d{2}-\d{2})\s*$/m;
/** "supersedes decision 600", "replaces decisions 601 and 602", "supersedes records 100, 101". */
const SUPERSEDES = /\b(?:supersedes|replaces)\s+(?:decisions?|records?)\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)\d{3})*)/gi;

/** The lines at the head of a record where its Status and Date belong (title, blank line, the two lines). */
function head(text: string): string {
  return text.split('\n').slice(0, 6).join('\n');
}

export function parseRecord(file: string, text: string): DecisionRecord {
  const match = TITLE.exec(text.split('\n', 1)[0] ?? '');
  if (!match) throw new Error(`${file}: the first line is not "# NNN. Title"`);
  const number = Number(match[1]);
  if (file.slice(0, 3) !== match[1]) throw new Error(`${file}: the title's number ${match[1]} is not the file's`);
  const top = head(text);
  return {
    number,
    file,
    title: match[2] as string,
    status: STATUS_LINE.exec(top)?.[1] ?? null,
    date: DATE_LINE.exec(top)?.[1] ?? null,
    text,
  };
}

/** Each record number a later record supersedes, with the first (lowest) later record that says so. */
export function supersessions(records: DecisionRecord[]): Map<number, number> {
  const supersededBy = new Map<number, number>();
  for (const record of [...records].sort((a, b) => a.number - b.number)) {
    for (const match of record.text.matchAll(SUPERSEDES)) {
      for (const older of (match[1] as string).match(/\d{3}/g) ?? []) {
        const number = Number(older);
        if (number < record.number && !supersededBy.has(number)) supersededBy.set(number, record.number);
      }
    }
  }
  return supersededBy;
}

/** The status a record should carry: superseded when a later record says so, else its own, else accepted. */
export function statusOf(record: DecisionRecord, supersededBy: Map<number, number>): string {
  const later = supersededBy.get(record.number);
  if (later !== undefined) return `superseded by ${later}`;
  return record.status ?? 'accepted';
}

/**
 * The record's text with its Status and Date lines as given: an existing line is rewritten in place, a
 * missing one is added under the title (title, blank line, Status, Date, blank line, the rest unchanged).
 */
export function withStatusAndDate(text: string, status: string, date: string): string {
  const lines = text.split('\n');
  const headLength = Math.min(lines.length, 6);
  const statusAt = lines.slice(0, headLength).findIndex((line) => STATUS_LINE.test(line));
  const dateAt = lines.slice(0, headLength).findIndex((line) => DATE_LINE.test(line));
  if (statusAt >= 0) lines[statusAt] = `Status: ${status}`;
  if (dateAt >= 0) lines[dateAt] = `Date: ${date}`;
  if (statusAt >= 0 && dateAt >= 0) return lines.join('\n');
  const missing = [...(statusAt < 0 ? [`Status: ${status}`] : []), ...(dateAt < 0 ? [`Date: ${date}`] : [])];
  const after = Math.max(statusAt, dateAt);
  if (after >= 0) {
    lines.splice(after + 1, 0, ...missing);
    return lines.join('\n');
  }
  // Under the title: keep one blank line before the body.
  const rest = lines.slice(1);
  while (rest[0] === '') rest.shift();
  return [lines[0], '', ...missing, '', ...rest].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** docs/decisions/README.md for these records (each must carry its Status and Date lines). */
export function renderIndex(records: DecisionRecord[]): string {
  const sorted = [...records].sort((a, b) => a.number - b.number);
  const byNumber = new Map(sorted.map((record) => [record.number, record]));
  const lines = [
    '# Decision records',
    '',
    '<!-- Generated by `npm run docs:decisions` (scripts/decisions-index.ts) from the records themselves: do not edit. -->',
    '',
    'Each record is `NNN-title.md`: a title `# NNN. Title`, then `Status:` (accepted, or superseded by a later',
    'record) and `Date:` (the day it was first committed), then its context, decision and consequences. A record',
    'that "supersedes decision N" (or "replaces decision N") marks N superseded. After adding a record, run',
    '`npm run docs:decisions`; `npm test` fails while this index is out of date.',
  ];
  const hundreds = [...new Set(sorted.map((record) => Math.floor(record.number / 100)))];
  for (const hundred of hundreds) {
    const name = GROUPS[hundred] ?? `Records ${hundred}00\u2013${hundred}99`;
    lines.push('', `## ${hundred}xx: ${name}`, '', '| No. | Decision | Status | Date |', '| --- | --- | --- | --- |');
    for (const record of sorted.filter((r) => Math.floor(r.number / 100) === hundred)) {
      if (!record.status || !record.date) throw new Error(`${record.file} has no Status or Date line: run npm run docs:decisions`);
      const later = /^superseded by (\d{3})$/.exec(record.status);
      const laterRecord = later ? byNumber.get(Number(later[1])) : undefined;
      const status = laterRecord ? `superseded by [${laterRecord.number}](${laterRecord.file})` : escapeCell(record.status);
      const number = String(record.number).padStart(3, '0');
      lines.push(`| ${number} | [${escapeCell(record.title)}](${record.file}) | ${status} | ${record.date} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return fs
    .readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => parseRecord(file, fs.readFileSync(path.join(dir, file), 'utf8')));
}

/** The day each file under `dir` was first committed, from one `git log` (newest first, so the last date seen wins). */
function firstCommitDates(dir: string): Map<string, string> {
  const out = execFileSync('git', ['log', '--diff-filter=A', '--name-only', '--format=%as', '--', '.'], { cwd: dir, encoding: 'utf8' });
  const dates = new Map<string, string>();
  let date = '';
  for (const line of out.split('\n')) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(line)) date = line;
    else if (line.trim()) dates.set(path.basename(line), date);
  }
  return dates;
}

function main(): void {
  const records = readRecords();
  const supersededBy = supersessions(records);
  const dates = firstCommitDates(DECISIONS_DIR);
  const today = new Date().toISOString().slice(0, 10);
  let changed = 0;
  for (const record of records) {
    const status = statusOf(record, supersededBy);
    const date = record.date ?? dates.get(record.file) ?? today;
    const text = withStatusAndDate(record.text, status, date);
    if (text !== record.text) {
      fs.writeFileSync(path.join(DECISIONS_DIR, record.file), text);
      changed++;
    }
  }
  const index = renderIndex(readRecords());
  const indexPath = path.join(DECISIONS_DIR, INDEX_FILE);
  const indexChanged = !fs.existsSync(indexPath) || fs.readFileSync(indexPath, 'utf8') !== index;
  if (indexChanged) fs.writeFileSync(indexPath, index);
  console.log(`${records.length} records; ${changed} given a Status or Date; ${INDEX_FILE} ${indexChanged ? 'written' : 'unchanged'}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
