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
/** One triangle, its buffer embedded as a data: URI: the smallest glTF with something to show. */
const TRIANGLE = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
export const GLTF = Buffer.from(
  JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    buffers: [{ uri: `data:application/octet-stream;base64,${TRIANGLE.toString('base64')}`, byteLength: TRIANGLE.length }],
    bufferViews: [{ buffer: 0, byteLength: TRIANGLE.length }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
  }),
);
/** Valid glTF JSON with nothing to show (no scene, or no mesh). */
export const GLTF_NO_SCENE = Buffer.from(JSON.stringify({ asset: { version: '2.0' } }));
export const GLTF_NO_MESH = Buffer.from(
  JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [] }], scene: 0, nodes: [] }),
);

/** A GLB (binary glTF) holding `json` as its JSON chunk and no binary chunk. */
export function glb(json: unknown): Buffer {
  const text = Buffer.from(JSON.stringify(json));
  const chunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const head = Buffer.alloc(20);
  head.write('glTF', 0, 'latin1');
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(head.length + chunk.length, 8);
  head.writeUInt32LE(chunk.length, 12);
  head.write('JSON', 16, 'latin1');
  return Buffer.concat([head, chunk]);
}
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
