import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles';

describe('import cycles', () => {
  it('finds a cycle, type-only imports included', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    fs.mkdirSync(path.join(dir, 'pg'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './pg/b';\nexport const a = b;\n");
    fs.writeFileSync(path.join(dir, 'pg', 'b.ts'), "import type {\n  C,\n} from '../c';\nexport const b = 1 as C;\n");
    fs.writeFileSync(path.join(dir, 'c.ts'), "export type { A } from './a';\nexport type C = number;\n");
    fs.writeFileSync(path.join(dir, 'd.ts'), "import './c';\n");
    const cycles = importCycles([dir]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.map((f) => path.basename(f))).toEqual(['a.ts', 'c.ts', 'b.ts']);
  });

  it('src/server has none', () => {
    expect(importCycles(['src/server'])).toEqual([]);
  });
});
