// Small real files for the upload tests (the server identifies files by content, not name).
import fs from 'node:fs';
import path from 'node:path';
import { SEED_MODELS_DIR } from '../../src/server/seed-species';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 8 x 6 JPEG (photos are decoded and re-encoded on upload, so they must decode). */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8a' +
    'Gi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAA' +
    'AAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAM' +
    'AwEAAhEDEQA/AKABiz//2Q==',
  'base64',
);
/** The GPS latitude the EXIF sample carries, as its raw rational bytes (48 deg 51' 24"), to look for in files. */
export const GPS_LATITUDE_BYTES = Buffer.from('000000300000000100000033000000010000001800000001', 'hex');

/**
 * `jpeg` with an APP1 Exif segment right after SOI: IFD0 (Make, GPSInfo) and a
 * GPS IFD with latitude/longitude, as a phone camera writes it (big-endian TIFF).
 */
export function withGpsExif(jpeg: Buffer): Buffer {
  const tiff = Buffer.alloc(200);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0 at 8: 2 entries.
  let o = 8;
  tiff.writeUInt16BE(2, o);
  o += 2;
  const entry = (tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, o);
    tiff.writeUInt16BE(type, o + 2);
    tiff.writeUInt32BE(count, o + 4);
    if (type === 2 && count <= 4) tiff.write('N', o + 8, 'latin1');
    else tiff.writeUInt32BE(value, o + 8);
    o += 12;
  };
  entry(0x010f, 2, 8, 60); // Make -> "Hunter1\0" at 60
  entry(0x8825, 4, 1, 70); // GPSInfo -> IFD at 70
  tiff.writeUInt32BE(0, o); // no IFD1
  tiff.write('Hunter1\0', 60, 'latin1');
  // GPS IFD at 70: 4 entries (ref N, latitude, ref E, longitude), rationals at 130 and 154.
  o = 70;
  tiff.writeUInt16BE(4, o);
  o += 2;
  entry(0x0001, 2, 2, 0);
  entry(0x0002, 5, 3, 130);
  entry(0x0003, 2, 2, 0);
  tiff.write('E', o - 12 + 8, 'latin1');
  entry(0x0004, 5, 3, 154);
  tiff.writeUInt32BE(0, o);
  GPS_LATITUDE_BYTES.copy(tiff, 130);
  Buffer.from('000000020000000100000015000000010000002a00000001', 'hex').copy(tiff, 154);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, payload, jpeg.subarray(2)]);
}
export const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'),
  Buffer.from('0000000866726565', 'hex'),
  Buffer.alloc(64),
]);
/** An MP4 box: 32-bit size, four-character type, body. */
function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(content.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}
/** Where a phone says a video was shot (ISO 6709), as Android and iPhones write it. */
export const MP4_LOCATION = '+48.8584+002.2945/';
/**
 * An MP4 carrying its location three ways: Android's moov/udta/©xyz, an iPhone's
 * QuickTime moov/meta key, and a track's udta; then its media data.
 */
export function mp4WithLocation(): Buffer {
  const xyz = box('\u00a9xyz', Buffer.from([0, 18, 0x15, 0xc7]), Buffer.from(MP4_LOCATION, 'latin1'));
  const keys = box('keys', Buffer.alloc(8), Buffer.from('com.apple.quicktime.location.ISO6709', 'latin1'));
  const ilst = box('ilst', box('data', Buffer.alloc(8), Buffer.from(MP4_LOCATION, 'latin1')));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), box('udta', xyz), box('meta', keys, ilst), box('trak', box('udta', xyz)));
  return Buffer.concat([MP4.subarray(0, 24), moov, box('mdat', Buffer.alloc(256, 7))]);
}
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
