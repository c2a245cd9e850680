// Small real files for the upload tests (the server identifies files by content, not name).
import fs from 'node:fs';
import path from 'node:path';
import { SEED_MODELS_DIR } from '../seed-species';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
export const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'),
  Buffer.from('0000000866726565', 'hex'),
  Buffer.alloc(64),
]);
export const GLB = fs.readFileSync(path.join(SEED_MODELS_DIR, 'triceratops.glb'));
export const GLTF = Buffer.from(
  JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [] }], scene: 0, nodes: [] }),
);
export const GLTF_EXTERNAL = Buffer.from(
  JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'model.bin', byteLength: 12 }] }),
);
export const OBJ = Buffer.from('# cube corner\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

export function form(fields: Record<string, string | string[]>, files: Record<string, [Buffer, string]> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) fd.append(k, one);
  for (const [k, [bytes, name]] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(bytes)]), name);
  return fd;
}
