// What a stored glTF/GLB model holds: enough to tell whether the viewer
// (three's GLTFLoader) can show it from a single upload.
import fs from 'node:fs';

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

/** The glTF JSON of a .gltf file, or of a .glb's first chunk; null if it cannot be read. */
export async function readGltfJson(file: string, kind: 'gltf' | 'glb'): Promise<GltfJson | null> {
  try {
    if (kind === 'gltf') return JSON.parse(await fs.promises.readFile(file, 'utf8')) as GltfJson;
    const handle = await fs.promises.open(file, 'r');
    try {
      const head = Buffer.alloc(GLB_HEADER_BYTES + GLB_CHUNK_HEADER_BYTES);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      if (bytesRead < head.length || head.readUInt32LE(16) !== GLB_JSON_CHUNK) return null;
      const length = head.readUInt32LE(12);
      const { size } = await handle.stat();
      if (length > size - head.length) return null;
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, head.length);
      return JSON.parse(chunk.toString('utf8')) as GltfJson;
    } finally {
      await handle.close();
    }
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
