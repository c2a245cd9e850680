import './node-three-shims';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPECIES_CATALOGUE } from '../src/server/seed/species-catalogue';
import {
  buildModel,
  clearZipTimestamps,
  countTriangles,
  exportGlb,
  exportUsdz,
  MODEL_BUILDERS,
  MODELS_DIR,
  usdzFileFor,
} from './generate-models';

const GLB_MAGIC = 0x46546c67; // "glTF", little-endian
const isGenerated = (modelFile: string) => modelFile in MODEL_BUILDERS;

type Loaded = { bytes: Buffer; scene: THREE.Group; box: THREE.Box3; size: THREE.Vector3 };
const loaded = new Map<string, Loaded>();

async function load(modelFile: string): Promise<Loaded> {
  const cached = loaded.get(modelFile);
  if (cached) return cached;
  const bytes = await readFile(path.join(MODELS_DIR, modelFile));
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const gltf = await new Promise<{ scene: THREE.Group }>((resolve, reject) => {
    new GLTFLoader().parse(arrayBuffer, '', resolve, reject);
  });
  gltf.scene.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(gltf.scene);
  const result = { bytes, scene: gltf.scene, box, size: box.getSize(new THREE.Vector3()) };
  loaded.set(modelFile, result);
  return result;
}

/**
 * The generated model of a species. The silhouette checks rely on the part
 * names the generator uses, so they skip species whose model was replaced by
 * a hand-made one (see docs/models.md).
 */
function modelOf(name: string, ctx: { skip: (note?: string) => void }): string {
  const species = SPECIES_CATALOGUE.find((s) => s.name === name);
  if (!species) throw new Error(`${name} is not in the catalogue`);
  if (!isGenerated(species.modelFile)) ctx.skip(`${species.modelFile} is hand-made`);
  return species.modelFile;
}

/** Objects whose name is `prefix` or starts with `prefix-`. */
function parts(root: THREE.Object3D, prefix: string): THREE.Object3D[] {
  const found: THREE.Object3D[] = [];
  root.traverse((o) => {
    if (o.name === prefix || o.name.startsWith(`${prefix}-`)) found.push(o);
  });
  return found;
}

function boxOf(object: THREE.Object3D): THREE.Box3 {
  return new THREE.Box3().setFromObject(object);
}

describe('species catalogue', () => {
  it('has at least the eight founding species with unique names and model files', () => {
    const names = SPECIES_CATALOGUE.map((s) => s.name);
    for (const expected of [
      'Tyrannosaurus rex',
      'Triceratops',
      'Velociraptor',
      'Stegosaurus',
      'Brachiosaurus',
      'Ankylosaurus',
      'Parasaurolophus',
      'Spinosaurus',
    ]) {
      expect(names).toContain(expected);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(SPECIES_CATALOGUE.map((s) => s.modelFile)).size).toBe(SPECIES_CATALOGUE.length);
  });

  it.each(SPECIES_CATALOGUE.map((s) => [s.name, s] as const))('%s has sane game values and facts', (_, s) => {
    expect(s.captureRate).toBeGreaterThanOrEqual(0.1);
    expect(s.captureRate).toBeLessThanOrEqual(0.9);
    expect(s.health).toBeGreaterThanOrEqual(100);
    expect(s.health).toBeLessThanOrEqual(300);
    expect(s.length).toMatch(/^\d+(\.\d+)? m$/);
    expect(s.weight).toMatch(/^\d{1,3}(,\d{3})* kg$/);
    expect(s.scientificName).toMatch(/^[A-Z][a-z]+ [a-z]+$/);
    expect(s.description.length).toBeGreaterThan(40);
    expect(s.description.trim().endsWith('.')).toBe(true);
    expect(s.modelFile).toMatch(/^[a-z0-9-]+\.glb$/);
  });

  it('gives rarer species lower capture rates', () => {
    const order = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
    const best = (rarity: (typeof order)[number]) =>
      Math.max(...SPECIES_CATALOGUE.filter((s) => s.rarity === rarity).map((s) => s.captureRate), 0);
    const worst = (rarity: (typeof order)[number]) =>
      Math.min(...SPECIES_CATALOGUE.filter((s) => s.rarity === rarity).map((s) => s.captureRate), 1);
    for (let i = 1; i < order.length; i++) {
      expect(best(order[i]!)).toBeLessThanOrEqual(worst(order[i - 1]!));
    }
  });
});

describe.each(SPECIES_CATALOGUE.map((s) => [s.modelFile, s] as const))('model %s', (modelFile, species) => {
  let model: Loaded;
  beforeAll(async () => {
    model = await load(modelFile);
  });

  it('is a small binary glTF', () => {
    expect(model.bytes.byteLength).toBeGreaterThan(1000);
    // Generated models stay tiny; hand-made ones must still fit the upload limit.
    expect(model.bytes.byteLength).toBeLessThan(isGenerated(modelFile) ? 200 * 1024 : 50 * 1024 * 1024);
    expect(model.bytes.readUInt32LE(0)).toBe(GLB_MAGIC);
    expect(model.bytes.readUInt32LE(4)).toBe(2);
    expect(model.bytes.readUInt32LE(8)).toBe(model.bytes.byteLength);
  });

  it('parses with GLTFLoader into low-poly meshes', () => {
    const meshes: THREE.Mesh[] = [];
    model.scene.traverse((o) => {
      if (o instanceof THREE.Mesh) meshes.push(o);
    });
    expect(meshes.length).toBeGreaterThan(0);
    const triangles = countTriangles(model.scene);
    expect(triangles).toBeGreaterThan(200);
    if (isGenerated(modelFile)) {
      expect(triangles).toBeLessThan(5000);
      for (const mesh of meshes) expect(mesh.material).toBeInstanceOf(THREE.MeshStandardMaterial);
    }
  });

  it('stands on the ground with a sane size', () => {
    const { box, size } = model;
    expect(box.min.y).toBeCloseTo(0, 2);
    expect(size.y).toBeGreaterThan(0.5);
    expect(size.y).toBeLessThan(5);
    for (const side of [size.x, size.z]) {
      expect(Number.isFinite(side)).toBe(true);
      expect(side).toBeGreaterThan(0);
      expect(side).toBeLessThan(10);
    }
  });

  it('faces +Z (its "head" node is in front of the centre)', () => {
    const [head] = parts(model.scene, 'head');
    expect(head).toBeDefined();
    const headCentre = boxOf(head!).getCenter(new THREE.Vector3());
    expect(headCentre.z).toBeGreaterThan(model.box.getCenter(new THREE.Vector3()).z);
  });

  it.runIf(isGenerated(modelFile))('records its species and life-size scale', () => {
    const root = model.scene.children[0]!;
    expect(root.userData.species).toBe(species.name);
    expect(root.userData.metresPerUnit).toBeGreaterThan(0);
  });

  it.runIf(isGenerated(modelFile))('is up to date with scripts/generate-models.ts (run `npm run models:generate`)', async () => {
    const rebuilt = buildModel(modelFile, species.name);
    const glb = await exportGlb(rebuilt);
    expect(glb.byteLength).toBe(model.bytes.byteLength);
    const names = (o: THREE.Object3D) => {
      const list: string[] = [];
      o.traverse((c) => {
        if (c.name) list.push(c.name);
      });
      return list.sort();
    };
    expect(names(model.scene)).toEqual(names(rebuilt));
    expect(Buffer.from(glb).equals(model.bytes)).toBe(true);
  });
});

describe('silhouettes are recognisable', () => {
  it('the Brachiosaurus is tall and long-necked, the Ankylosaurus low and wide', async (ctx) => {
    const brachio = await load(modelOf('Brachiosaurus', ctx));
    const ankylo = await load(modelOf('Ankylosaurus', ctx));
    const tallness = (m: Loaded) => m.size.y / m.size.z;
    expect(tallness(brachio)).toBeGreaterThan(2 * tallness(ankylo));
    expect(ankylo.size.x / ankylo.size.y).toBeGreaterThan(brachio.size.x / brachio.size.y);
    const [neck] = parts(brachio.scene, 'neck');
    expect(neck).toBeDefined();
    expect(boxOf(neck!).max.y).toBeGreaterThan(0.85 * brachio.size.y);
    // Front legs longer than hind legs: the shoulders stand higher than the hips.
    const front = boxOf(parts(brachio.scene, 'leg-front-left')[0]!);
    const hind = boxOf(parts(brachio.scene, 'leg-hind-left')[0]!);
    expect(front.max.y).toBeGreaterThan(hind.max.y);
    expect(parts(ankylo.scene, 'tail-club').length).toBeGreaterThan(0);
    expect(parts(ankylo.scene, 'osteoderm').length).toBeGreaterThan(10);
  });

  it('the Triceratops has a frill and three horns', async (ctx) => {
    const { scene } = await load(modelOf('Triceratops', ctx));
    expect(parts(scene, 'frill')).toHaveLength(1);
    expect(parts(scene, 'horn')).toHaveLength(3);
  });

  it('the Stegosaurus has two rows of plates and a thagomizer', async (ctx) => {
    const { scene } = await load(modelOf('Stegosaurus', ctx));
    const plates = parts(scene, 'plate');
    expect(plates.length).toBeGreaterThanOrEqual(10);
    const xs = plates.map((p) => boxOf(p).getCenter(new THREE.Vector3()).x);
    expect(xs.filter((x) => x > 0).length).toBeGreaterThan(3);
    expect(xs.filter((x) => x < 0).length).toBeGreaterThan(3);
    expect(parts(scene, 'tail-spike')).toHaveLength(4);
  });

  it('the theropods are bipedal, with tiny T. rex arms, a raptor sickle claw and a Spinosaurus sail', async (ctx) => {
    const rex = await load(modelOf('Tyrannosaurus rex', ctx));
    const arm = boxOf(parts(rex.scene, 'arm-left')[0]!).getSize(new THREE.Vector3());
    const leg = boxOf(parts(rex.scene, 'leg-left')[0]!).getSize(new THREE.Vector3());
    expect(arm.y).toBeLessThan(leg.y / 4);
    expect(parts(rex.scene, 'leg-front')).toHaveLength(0);

    const raptor = await load(modelOf('Velociraptor', ctx));
    expect(parts(raptor.scene, 'sickle-claw')).toHaveLength(2);
    expect(parts(raptor.scene, 'feathers')).toHaveLength(1);

    const spino = await load(modelOf('Spinosaurus', ctx));
    const sail = boxOf(parts(spino.scene, 'sail')[0]!);
    expect(sail.max.y).toBeGreaterThan(0.98 * spino.box.max.y);
  });

  it('the Parasaurolophus crest sweeps backwards from the head', async (ctx) => {
    const { scene } = await load(modelOf('Parasaurolophus', ctx));
    const crest = boxOf(parts(scene, 'crest')[0]!);
    const skull = boxOf(parts(scene, 'skull')[0]!);
    expect(crest.min.z).toBeLessThan(skull.min.z);
    expect(crest.max.y).toBeGreaterThan(skull.max.y);
  });

  it('every species has its own colour', async () => {
    const colours = new Set<string>();
    for (const species of SPECIES_CATALOGUE.filter((s) => isGenerated(s.modelFile))) {
      const { scene } = await load(species.modelFile);
      const torso = parts(scene, 'torso')[0] as THREE.Mesh | undefined;
      expect(torso).toBeDefined();
      colours.add((torso!.material as THREE.MeshStandardMaterial).color.getHexString());
    }
    expect(colours.size).toBe(SPECIES_CATALOGUE.filter((s) => isGenerated(s.modelFile)).length);
  });
});

/** The entries of a stored zip: name, data offset and bytes (local headers, in order). */
function zipEntries(zip: Buffer): { name: string; offset: number; data: Buffer; time: number; date: number }[] {
  const entries = [];
  let at = 0;
  while (at + 30 <= zip.length && zip.readUInt32LE(at) === 0x04034b50) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const offset = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 30, at + 30 + nameLength),
      offset,
      data: zip.subarray(offset, offset + size),
      time: zip.readUInt16LE(at + 10),
      date: zip.readUInt16LE(at + 12),
    });
    at = offset + size;
  }
  return entries;
}

describe.each(SPECIES_CATALOGUE.filter((s) => isGenerated(s.modelFile)).map((s) => [s.name, s] as const))(
  '%s USDZ (AR Quick Look)',
  (_name, species) => {
    it('sits beside the glb: model.usda first and 64-byte aligned, every mesh in it, no timestamps', async () => {
      const usdz = await readFile(path.join(MODELS_DIR, usdzFileFor(species.modelFile)));
      const entries = zipEntries(usdz);
      expect(entries[0]?.name).toBe('model.usda');
      expect(entries[0]!.offset % 64).toBe(0);
      for (const e of entries) expect([e.time, e.date]).toEqual([0, 33]);
      const usda = entries[0]!.data.toString('utf8');
      expect(usda).toContain('preliminary:anchoring:type = "plane"');
      // USD names allow no hyphens: the exporter drops them.
      const slug = species.modelFile.replace(/\.glb$/, '').replaceAll('-', '');
      expect(usda).toContain(`def Xform "${slug}"`);
      let meshes = 0;
      buildModel(species.modelFile, species.name).traverse((o) => {
        if (o instanceof THREE.Mesh) meshes += 1;
      });
      expect(entries.filter((e) => e.name.startsWith('geometries/')).length).toBe(meshes);
    });
  },
);

describe('exportUsdz', () => {
  it('writes the root scale (the exporter reads matrices) and the same bytes for the same scene', async () => {
    const species = SPECIES_CATALOGUE.find((s) => isGenerated(s.modelFile))!;
    const scene = buildModel(species.modelFile, species.name);
    const a = Buffer.from(await exportUsdz(scene));
    const b = Buffer.from(await exportUsdz(scene));
    expect(a.equals(b)).toBe(true);
    const usda = zipEntries(a)[0]!.data.toString('utf8');
    const scale = scene.children[0]!.scale.x;
    expect(usda).toContain(`( (${scale}, 0, 0, 0)`);
  });

  it('clearZipTimestamps leaves bytes other than the time fields alone', () => {
    const zip = Buffer.from(zipSyncFixture());
    const cleared = Buffer.from(clearZipTimestamps(new Uint8Array(zip)));
    expect(cleared.length).toBe(zip.length);
    expect(zipEntries(cleared).map((e) => [e.name, e.time, e.date])).toEqual([['a.txt', 0, 33]]);
  });
});

/** A one-entry stored zip stamped 2024-05-06 07:08:10, built by hand. */
function zipSyncFixture(): Uint8Array {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('hi');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE((7 << 11) | (8 << 5) | 5, 10);
  local.writeUInt16LE(((2024 - 1980) << 9) | (5 << 5) | 6, 12);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}
