import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECISIONS_DIR,
  INDEX_FILE,
  parseRecord,
  readRecords,
  renderIndex,
  statusOf,
  supersessions,
  withStatusAndDate,
} from './decisions-index';

describe('docs/decisions/README.md', () => {
  it('indexes every record with its status and date (run `npm run docs:decisions` after adding one)', () => {
    const onDisk = fs.readFileSync(path.join(DECISIONS_DIR, INDEX_FILE), 'utf8');
    expect(onDisk, 'docs/decisions/README.md is out of date: run `npm run docs:decisions`').toBe(renderIndex(readRecords()));
  });
});

describe('the index script', () => {
  const record = (file: string, text: string) => parseRecord(file, text);

  it('adds Status and Date under the title and keeps the rest of the record as it was', () => {
    const text = '# 123. Something decided\n\nWhy.\n\nWhat.\n';
    const updated = withStatusAndDate(text, 'accepted', '2026-11-20');
    expect(updated).toBe('# 123. Something decided\n\nStatus: accepted\nDate: 2026-11-20\n\nWhy.\n\nWhat.\n');
    expect(withStatusAndDate(updated, 'accepted', '2026-11-20')).toBe(updated);
    const parsed = record('123-something.md', updated);
    expect([parsed.title, parsed.status, parsed.date]).toEqual(['Something decided', 'accepted', '2026-11-20']);
  });

  it('marks a record superseded by the later record that says it supersedes or replaces it', () => {
    const records = [
      record('100-a.md', '# 100. A\n\nStatus: accepted\nDate: 2026-11-01\n\nText.\n'),
      record('101-b.md', '# 101 – B\n\nText.\n'),
      record('102-c.md', '# 102. C\n\nText.\n'),
      record('205-d.md', '# 205. D\n\nThis supersedes decision 100; it replaces decisions 101 and 300.\n'),
    ];
    const supersededBy = supersessions(records);
    expect([...supersededBy]).toEqual([
      [100, 205],
      [101, 205],
    ]);
    expect(records.map((r) => statusOf(r, supersededBy))).toEqual(['superseded by 205', 'superseded by 205', 'accepted', 'accepted']);
    const index = renderIndex(records.map((r) => ({ ...r, status: statusOf(r, supersededBy), date: '2026-11-02' })));
    expect(index).toContain('| 100 | [A](100-a.md) | superseded by [205](205-d.md) | 2026-11-02 |');
    expect(index).toContain('## 2xx: ');
  });

  it('refuses to index a record without its Status and Date', () => {
    expect(() => renderIndex([record('102-c.md', '# 102. C\n\nText.\n')])).toThrow(/no Status or Date/);
  });
});
