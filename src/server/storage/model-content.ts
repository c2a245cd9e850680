// What a stored glTF/GLB model holds: enough to tell whether the viewer
// (three's GLTFLoader) can show it from a single upload. Read from the file store (local or S3).
import { MAX_MODEL_BYTES } from '../../domain/rules';
import { type FileStore, readAll } from './file-store';

type GltfJson = {
  scene?: unknown;
  scenes?: unknown;
  meshes?: unknown;
  buffers?: { uri?: unknown }[];
  images?: { uri?: unknown }[];
};

const GLB_HEADER_BYTES = 12;
const GLB_CHUNK_HEADER_BYTES = 8;
const GLB_JSON_CHUNK = 0x4e4f534a; // "JSON", little-endian

/** The glTF JSON of a stored .gltf file, or of a stored .glb's first chunk (read by ranges); null if it cannot be read. */
export async function readGltfJson(files: FileStore, key: string, kind: 'gltf' | 'glb'): Promise<GltfJson | null> {
  try {
    const read = async (range?: { start: number; end: number }) => {
      const stream = await files.read(key, range);
      return stream ? readAll(stream, MAX_MODEL_BYTES) : null;
    };
    if (kind === 'gltf') {
      const text = await read();
      return text ? (JSON.parse(text.toString('utf8')) as GltfJson) : null;
    }
    const info = await files.stat(key);
    if (!info || info.size < GLB_HEADER_BYTES + GLB_CHUNK_HEADER_BYTES) return null;
    const head = await read({ start: 0, end: GLB_HEADER_BYTES + GLB_CHUNK_HEADER_BYTES - 1 });
    if (!head || head.length < GLB_HEADER_BYTES + GLB_CHUNK_HEADER_BYTES || head.readUInt32LE(16) !== GLB_JSON_CHUNK) return null;
    const length = head.readUInt32LE(12);
    if (length > info.size - head.length) return null;
    if (length === 0) return null;
    const chunk = await read({ start: head.length, end: head.length + length - 1 });
    return chunk ? (JSON.parse(chunk.toString('utf8')) as GltfJson) : null;
  } catch {
    return null;
  }
}

const nonEmptyArray = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0;

/** Why a glTF/GLB could not be shown by the viewer, or null if it can. */
export function gltfProblem(json: GltfJson | null, kind: 'gltf' | 'glb'): string | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return "The file's content is not a valid GLB, glTF, FBX or OBJ model";
  }
  const { scene, scenes, meshes } = json;
  // GLTFLoader shows scenes[scene ?? 0]: without it there is nothing to show.
  const sceneShown = nonEmptyArray(scenes) && (scene === undefined || (Number.isInteger(scene) && (scene as number) >= 0 && (scene as number) < scenes.length));
  if (!sceneShown || !nonEmptyArray(meshes)) {
    return 'A glTF or GLB model must contain at least one scene and one mesh';
  }
  const external = [...(json.buffers ?? []), ...(json.images ?? [])].some(
    (b) => typeof b?.uri === 'string' && !b.uri.startsWith('data:'),
  );
  if (kind === 'gltf' && external) {
    return 'A .gltf model must embed its buffers and textures (data: URIs); upload a .glb otherwise';
  }
  return null;
}
