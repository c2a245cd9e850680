/**
 * Generates the seed dinosaur models (`src/server/seed/models/<slug>.glb`) from
 * three.js primitives — nothing is downloaded. Run with `npm run models:generate`.
 *
 * Conventions (see docs/models.md):
 * - every species is authored in metres at life size, facing +Z, feet on y = 0;
 * - the root node is then scaled uniformly so the longest side of the bounding
 *   box is MODEL_LONGEST_SIDE units; the root node's extras record
 *   `metresPerUnit` so a viewer can restore life size;
 * - parts are named meshes grouped under `body`, `head`, `legs`, `armour`, …
 *   (names such as `neck`, `frill`, `horn-*`, `plate-*` are asserted by tests);
 * - output is deterministic: no random numbers, no timestamps.
 */
import './node-three-shims';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { SPECIES_CATALOGUE } from '../src/server/seed/species-catalogue';

/** Longest bounding-box side of every exported model, in glTF units. */
export const MODEL_LONGEST_SIDE = 4;

export const MODELS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/server/seed/models',
);

type V3 = readonly [number, number, number];
type R2 = readonly [number, number];
type Side = 1 | -1;

const SIDES: readonly (readonly [Side, string])[] = [
  [1, 'left'],
  [-1, 'right'],
];

const vec = (p: V3): THREE.Vector3 => new THREE.Vector3(p[0], p[1], p[2]);
/** Mirror a point to the given side (authoring is done for +X = the animal's left). */
const sx = (p: V3, side: Side): V3 => [p[0] * side, p[1], p[2]];

// ---------------------------------------------------------------------------
// Geometry helpers (all geometry is baked in model space, in metres)
// ---------------------------------------------------------------------------

function clean(geometry: THREE.BufferGeometry): THREE.BufferGeometry {
  geometry.deleteAttribute('uv');
  geometry.clearGroups();
  return geometry;
}

function smooth01(x: number): number {
  return x * x * (3 - 2 * x);
}

/**
 * A tube swept along a Catmull-Rom centre line with an elliptical, per-point
 * cross-section `[halfWidth, halfHeight]`. The width axis stays horizontal
 * (perpendicular to the centre line, closest to world X), so bodies, tails,
 * necks and legs all keep a natural orientation. Ends are closed with a
 * rounded cap.
 */
class Spine {
  private readonly curve: THREE.CatmullRomCurve3;

  constructor(
    points: readonly V3[],
    private readonly radii: readonly R2[],
  ) {
    if (points.length < 2 || points.length !== radii.length) {
      throw new Error('Spine needs >= 2 points and one radius pair per point');
    }
    this.curve = new THREE.CatmullRomCurve3(points.map(vec), false, 'centripetal');
  }

  point(t: number): THREE.Vector3 {
    return this.curve.getPoint(t);
  }

  tangent(t: number): THREE.Vector3 {
    return this.curve.getTangent(t).normalize();
  }

  radius(t: number): R2 {
    const f = Math.min(Math.max(t, 0), 1) * (this.radii.length - 1);
    const i = Math.min(Math.floor(f), this.radii.length - 2);
    const a = this.radii[i]!;
    const b = this.radii[i + 1]!;
    const k = smooth01(f - i);
    return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k];
  }

  /** Orthonormal frame at t: side (≈ +X), up, tangent. */
  frame(t: number): { side: THREE.Vector3; up: THREE.Vector3; tangent: THREE.Vector3 } {
    const tangent = this.tangent(t);
    const ref = Math.abs(tangent.x) > 0.9 ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(1, 0, 0);
    const side = ref.sub(tangent.clone().multiplyScalar(tangent.dot(ref))).normalize();
    const up = new THREE.Vector3().crossVectors(tangent, side).normalize();
    return { side, up, tangent };
  }

  /** A point on the surface: angle 0 = side (+X), π/2 = top. */
  surface(t: number, angle: number, scale = 1): THREE.Vector3 {
    const { side, up } = this.frame(t);
    const [rx, ry] = this.radius(t);
    return this.point(t)
      .addScaledVector(side, Math.cos(angle) * rx * scale)
      .addScaledVector(up, Math.sin(angle) * ry * scale);
  }

  geometry(radial = 8, segments = 12, capRound = 0.6): THREE.BufferGeometry {
    const positions: number[] = [];
    const indices: number[] = [];
    for (let i = 0; i <= segments; i++) {
      const t = i / segments;
      const c = this.point(t);
      const { side, up } = this.frame(t);
      const [rx, ry] = this.radius(t);
      for (let j = 0; j < radial; j++) {
        // Start at the top so the dorsal ridge is a vertex, not a flat face.
        const a = Math.PI / 2 + (j / radial) * Math.PI * 2;
        const p = c
          .clone()
          .addScaledVector(side, Math.cos(a) * rx)
          .addScaledVector(up, Math.sin(a) * ry);
        positions.push(p.x, p.y, p.z);
      }
    }
    for (let i = 0; i < segments; i++) {
      for (let j = 0; j < radial; j++) {
        const a0 = i * radial + j;
        const a1 = i * radial + ((j + 1) % radial);
        const b0 = a0 + radial;
        const b1 = a1 + radial;
        indices.push(a0, a1, b0, a1, b1, b0);
      }
    }
    const startCentre = positions.length / 3;
    const r0 = this.radius(0);
    const p0 = this.point(0).addScaledVector(this.tangent(0), -Math.min(r0[0], r0[1]) * capRound);
    positions.push(p0.x, p0.y, p0.z);
    const r1 = this.radius(1);
    const p1 = this.point(1).addScaledVector(this.tangent(1), Math.min(r1[0], r1[1]) * capRound);
    positions.push(p1.x, p1.y, p1.z);
    const endCentre = startCentre + 1;
    const last = segments * radial;
    for (let j = 0; j < radial; j++) {
      const jn = (j + 1) % radial;
      indices.push(startCentre, jn, j);
      indices.push(endCentre, last + j, last + jn);
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    geometry.setIndex(indices);
    geometry.computeVertexNormals();
    return geometry;
  }
}

function ellipsoidGeometry(centre: V3, radii: V3, widthSegments = 8, heightSegments = 6) {
  const g = new THREE.SphereGeometry(1, widthSegments, heightSegments);
  g.scale(radii[0], radii[1], radii[2]);
  g.translate(centre[0], centre[1], centre[2]);
  return clean(g);
}

/** A cone from `base` to `tip` (open base: it is always embedded in something). */
function coneGeometry(base: V3, tip: V3, radius: number, radial = 5) {
  const from = vec(base);
  const dir = vec(tip).sub(from);
  const length = dir.length();
  const g = new THREE.ConeGeometry(radius, length, radial, 1, true);
  g.translate(0, length / 2, 0);
  g.applyQuaternion(
    new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 1, 0), dir.normalize()),
  );
  g.translate(from.x, from.y, from.z);
  return clean(g);
}

/** A box centred at `centre`, optionally pitched (rotation about X, radians). */
function boxGeometry(centre: V3, size: V3, pitch = 0) {
  const g = new THREE.BoxGeometry(size[0], size[1], size[2]);
  if (pitch !== 0) g.rotateX(pitch);
  g.translate(centre[0], centre[1], centre[2]);
  return clean(g);
}

/**
 * A flat extruded outline (plates, frill, sail, feathers). The outline is given
 * in 2D (u, v), extruded by `thickness` (centred), then `placement` maps the
 * shape's (u, v, thickness) axes into model space.
 */
function extrudedGeometry(
  outline: readonly (readonly [number, number])[],
  thickness: number,
  placement: THREE.Matrix4,
  cup = 0,
) {
  const shape = new THREE.Shape(outline.map(([u, v]) => new THREE.Vector2(u, v)));
  const g = new THREE.ExtrudeGeometry(shape, { depth: thickness, bevelEnabled: false, curveSegments: 4 });
  g.translate(0, 0, -thickness / 2);
  if (cup !== 0) {
    // Curl the outline's sides towards +thickness: w += cup * u².
    const position = g.getAttribute('position');
    for (let i = 0; i < position.count; i++) {
      position.setZ(i, position.getZ(i) + cup * position.getX(i) ** 2);
    }
  }
  g.applyMatrix4(placement);
  g.computeVertexNormals();
  return clean(g);
}

/** Placement for an outline drawn in the sagittal plane: u → +Z (forward), v → +Y. */
function sagittal(origin: V3, pitch = 0, x = 0): THREE.Matrix4 {
  const m = new THREE.Matrix4().makeBasis(
    new THREE.Vector3(0, 0, 1),
    new THREE.Vector3(0, 1, 0),
    new THREE.Vector3(-1, 0, 0),
  );
  const r = new THREE.Matrix4().makeRotationX(-pitch);
  return new THREE.Matrix4()
    .makeTranslation(origin[0] + x, origin[1], origin[2])
    .multiply(r)
    .multiply(m);
}

/** Placement for an outline drawn in the frontal plane: u → +X, v → +Y, tilted back by `tilt`. */
function frontal(origin: V3, tilt: number): THREE.Matrix4 {
  return new THREE.Matrix4()
    .makeTranslation(origin[0], origin[1], origin[2])
    .multiply(new THREE.Matrix4().makeRotationX(-tilt));
}

/**
 * Placement for a flat outline whose u axis points along `along` and whose
 * face looks towards `normal` (both in model space), anchored at `origin`.
 */
function oriented(origin: V3, along: V3, normal: V3): THREE.Matrix4 {
  const n = vec(normal).normalize();
  const u = vec(along);
  u.addScaledVector(n, -u.dot(n)).normalize();
  const v = new THREE.Vector3().crossVectors(n, u);
  return new THREE.Matrix4()
    .makeBasis(u, v, n)
    .setPosition(origin[0], origin[1], origin[2]);
}

// ---------------------------------------------------------------------------
// Model assembly
// ---------------------------------------------------------------------------

interface Palette {
  skin: THREE.MeshStandardMaterial;
  belly: THREE.MeshStandardMaterial;
  accent: THREE.MeshStandardMaterial;
  keratin: THREE.MeshStandardMaterial;
  eye: THREE.MeshStandardMaterial;
}

function material(name: string, color: string, roughness = 0.85): THREE.MeshStandardMaterial {
  const m = new THREE.MeshStandardMaterial({ color, roughness, metalness: 0 });
  m.name = name;
  return m;
}

function palette(slug: string, skin: string, belly: string, accent: string): Palette {
  return {
    skin: material(`${slug}-skin`, skin),
    belly: material(`${slug}-belly`, belly),
    accent: material(`${slug}-accent`, accent),
    keratin: material(`${slug}-keratin`, '#e9dfc4', 0.6),
    eye: material(`${slug}-eye`, '#151515', 0.3),
  };
}

class ModelBuilder {
  readonly root: THREE.Group;
  private readonly groups = new Map<string, THREE.Group>();

  constructor(readonly slug: string) {
    this.root = new THREE.Group();
    this.root.name = slug;
  }

  group(name: string): THREE.Group {
    let g = this.groups.get(name);
    if (!g) {
      g = new THREE.Group();
      g.name = name;
      this.groups.set(name, g);
      this.root.add(g);
    }
    return g;
  }

  add(
    groupName: string,
    name: string,
    geometry: THREE.BufferGeometry,
    mat: THREE.Material,
  ): THREE.Mesh {
    const mesh = new THREE.Mesh(geometry, mat);
    mesh.name = name;
    this.group(groupName).add(mesh);
    return mesh;
  }

  /** Eyes on both sides of the head. */
  eyes(centre: V3, radius: number, mat: THREE.Material): void {
    for (const [side, label] of SIDES) {
      this.add('head', `eye-${label}`, ellipsoidGeometry(sx(centre, side), [radius, radius, radius], 6, 4), mat);
    }
  }
}

/** Three forward toes (plus an optional back toe) for a theropod/hadrosaur foot. */
function toes(
  b: ModelBuilder,
  label: string,
  heel: V3,
  length: number,
  radius: number,
  mat: THREE.Material,
  claw: THREE.Material,
): void {
  const spread = [-0.35, 0, 0.35];
  spread.forEach((angle, i) => {
    const len = i === 1 ? length : length * 0.8;
    const tip: V3 = [heel[0] + Math.sin(angle) * len, radius * 0.6, heel[2] + Math.cos(angle) * len];
    const toe = new Spine(
      [heel, tip],
      [
        [radius, radius * 0.8],
        [radius * 0.55, radius * 0.45],
      ],
    );
    b.add('legs', `toe-${label}-${i + 1}`, toe.geometry(5, 2), mat);
    const clawTip: V3 = [tip[0] + Math.sin(angle) * radius * 1.6, 0.01, tip[2] + Math.cos(angle) * radius * 1.6];
    b.add('legs', `claw-${label}-${i + 1}`, coneGeometry(tip, clawTip, radius * 0.5, 4), claw);
  });
}

/** A column-like sauropod / ceratopsian / stegosaur foot. */
function padFoot(b: ModelBuilder, label: string, centre: V3, radius: number, mat: THREE.Material, nails?: THREE.Material) {
  const g = new THREE.CylinderGeometry(radius * 0.95, radius * 1.1, radius * 0.7, 8);
  g.translate(centre[0], radius * 0.35, centre[2]);
  b.add('legs', `foot-${label}`, clean(g), mat);
  if (nails) {
    for (const a of [-0.5, 0, 0.5]) {
      const base: V3 = [centre[0] + Math.sin(a) * radius * 0.9, radius * 0.25, centre[2] + Math.cos(a) * radius * 0.9];
      const tip: V3 = [centre[0] + Math.sin(a) * radius * 1.25, 0.02, centre[2] + Math.cos(a) * radius * 1.25];
      b.add('legs', `nail-${label}-${a < 0 ? 'outer' : a > 0 ? 'inner' : 'middle'}`, coneGeometry(base, tip, radius * 0.22, 4), nails);
    }
  }
}

/** A limb swept through joints, mirrored for both sides. */
function limbPair(
  b: ModelBuilder,
  name: string,
  joints: readonly V3[],
  radii: readonly R2[],
  mat: THREE.Material,
  radial = 7,
  segments = 8,
): void {
  for (const [side, label] of SIDES) {
    const spine = new Spine(
      joints.map((p) => sx(p, side)),
      radii,
    );
    b.add('legs', `${name}-${label}`, spine.geometry(radial, segments), mat);
  }
}

// ---------------------------------------------------------------------------
// Species
// ---------------------------------------------------------------------------

function tyrannosaurus(): ModelBuilder {
  const b = new ModelBuilder('tyrannosaurus-rex');
  const p = palette('tyrannosaurus-rex', '#6e5a3c', '#b59a72', '#4a3b27');

  const body = new Spine(
    [
      [0, 3.65, -2.4],
      [0, 3.9, -0.6],
      [0, 3.75, 1.0],
      [0, 3.75, 2.3],
    ],
    [
      [0.75, 0.8],
      [0.95, 1.1],
      [0.9, 1.15],
      [0.55, 0.7],
    ],
  );
  b.add('body', 'torso', body.geometry(10, 14), p.skin);
  b.add('body', 'belly', ellipsoidGeometry([0, 3.25, 0.5], [0.7, 0.75, 1.5]), p.belly);

  const tail = new Spine(
    [
      [0, 3.8, -1.6],
      [0, 3.6, -3.6],
      [0, 3.1, -5.6],
      [0, 2.5, -7.4],
    ],
    [
      [0.7, 0.8],
      [0.42, 0.5],
      [0.22, 0.26],
      [0.04, 0.04],
    ],
  );
  b.add('body', 'tail', tail.geometry(8, 14), p.skin);

  const neck = new Spine(
    [
      [0, 3.7, 1.8],
      [0, 4.05, 2.7],
      [0, 4.35, 3.15],
    ],
    [
      [0.62, 0.72],
      [0.55, 0.62],
      [0.5, 0.55],
    ],
  );
  b.add('body', 'neck', neck.geometry(8, 6), p.skin);

  // The big, deep skull with a heavy lower jaw — the T. rex signature.
  const skull = new Spine(
    [
      [0, 4.55, 3.05],
      [0, 4.5, 3.8],
      [0, 4.3, 4.6],
    ],
    [
      [0.5, 0.55],
      [0.4, 0.45],
      [0.26, 0.32],
    ],
  );
  b.add('head', 'skull', skull.geometry(7, 6, 0.4), p.skin);
  const jaw = new Spine(
    [
      [0, 4.0, 3.2],
      [0, 3.9, 3.9],
      [0, 3.86, 4.5],
    ],
    [
      [0.44, 0.3],
      [0.33, 0.2],
      [0.22, 0.13],
    ],
  );
  b.add('head', 'jaw', jaw.geometry(7, 6, 0.4), p.belly);
  b.eyes([0.36, 4.78, 3.55], 0.08, p.eye);
  for (const [side, label] of SIDES) {
    b.add('head', `brow-${label}`, ellipsoidGeometry(sx([0.3, 4.9, 3.45], side), [0.12, 0.08, 0.22], 6, 4), p.accent);
    for (let i = 0; i < 6; i++) {
      const z = 3.45 + i * 0.2;
      const x = (0.38 - i * 0.035) * side;
      const y = 4.16 - i * 0.04;
      b.add('head', `tooth-${label}-${i + 1}`, coneGeometry([x, y + 0.06, z], [x, y - 0.12, z + 0.02], 0.035, 3), p.keratin);
    }
  }

  // Famously tiny two-fingered arms.
  limbPair(
    b,
    'arm',
    [
      [0.55, 3.35, 1.9],
      [0.66, 2.95, 2.2],
      [0.62, 3.0, 2.55],
    ],
    [
      [0.13, 0.15],
      [0.09, 0.1],
      [0.07, 0.07],
    ],
    p.skin,
    6,
    5,
  );
  for (const [side, label] of SIDES) {
    for (const [i, dx] of [0.03, -0.03].entries()) {
      b.add('legs', `hand-claw-${label}-${i + 1}`, coneGeometry(sx([0.62 + dx, 3.0, 2.56], side), sx([0.62 + dx, 2.85, 2.7], side), 0.035, 4), p.keratin);
    }
  }

  // Massive hind legs: thigh, shin, long metatarsus.
  limbPair(
    b,
    'leg',
    [
      [0.78, 3.75, -0.5],
      [0.88, 2.3, 0.3],
      [0.84, 0.85, -0.45],
      [0.82, 0.16, -0.1],
    ],
    [
      [0.5, 0.82],
      [0.34, 0.42],
      [0.19, 0.22],
      [0.15, 0.15],
    ],
    p.skin,
    8,
    10,
  );
  for (const [side, label] of SIDES) {
    toes(b, label, sx([0.82, 0.1, -0.1], side), 0.75, 0.13, p.skin, p.keratin);
  }
  return b;
}

function triceratops(): ModelBuilder {
  const b = new ModelBuilder('triceratops');
  const p = palette('triceratops', '#9c7a52', '#c9ae84', '#9b3a2a');

  const body = new Spine(
    [
      [0, 1.45, -4.4],
      [0, 1.95, -3.0],
      [0, 2.55, -1.1],
      [0, 2.5, 0.4],
      [0, 2.2, 1.6],
      [0, 1.95, 2.4],
    ],
    [
      [0.05, 0.05],
      [0.3, 0.36],
      [1.05, 1.0],
      [1.2, 1.05],
      [0.95, 0.9],
      [0.6, 0.62],
    ],
  );
  b.add('body', 'torso', body.geometry(10, 20), p.skin);
  b.add('body', 'belly', ellipsoidGeometry([0, 1.75, 0.1], [1.0, 0.6, 1.6]), p.belly);

  // Huge head (a third of the body length with the frill): parrot beak pointing down.
  const skull = new Spine(
    [
      [0, 2.25, 2.4],
      [0, 2.05, 3.5],
      [0, 1.45, 4.55],
    ],
    [
      [0.68, 0.72],
      [0.52, 0.6],
      [0.15, 0.2],
    ],
  );
  b.add('head', 'skull', skull.geometry(8, 6, 0.4), p.skin);
  b.add('head', 'beak', coneGeometry([0, 1.55, 4.4], [0, 1.05, 4.78], 0.18, 5), p.eye);
  b.eyes([0.5, 2.42, 3.15], 0.08, p.eye);

  // The frill: a broad scalloped shield rising up and back from the skull.
  const frillAt: V3 = [0, 2.5, 2.3];
  const frillTilt = 0.85;
  const frillCup = 0.25;
  const frillOutline: [number, number][] = [];
  const lobes = 15;
  for (let i = 0; i <= lobes; i++) {
    const a = (i / lobes) * Math.PI;
    const r = i % 2 === 0 ? 1.0 : 1.1;
    frillOutline.push([Math.cos(a) * 1.4 * r, Math.sin(a) * 1.6 * r]);
  }
  frillOutline.push([-0.55, -0.4], [0.55, -0.4]);
  b.add('head', 'frill', extrudedGeometry(frillOutline, 0.14, frontal(frillAt, frillTilt), frillCup), p.accent);
  // Epoccipitals: little bony points around the frill edge.
  for (let i = 1; i < lobes; i += 2) {
    const a = (i / lobes) * Math.PI;
    const m = frontal(frillAt, frillTilt);
    const bx = Math.cos(a) * 1.45;
    const tx = Math.cos(a) * 1.62;
    const base = new THREE.Vector3(bx, Math.sin(a) * 1.68, frillCup * bx * bx).applyMatrix4(m);
    const tip = new THREE.Vector3(tx, Math.sin(a) * 1.9, frillCup * tx * tx).applyMatrix4(m);
    b.add('head', `epoccipital-${(i + 1) / 2}`, coneGeometry(base.toArray(), tip.toArray(), 0.08, 4), p.keratin);
  }

  // Three horns: two metre-long brow horns and a short nose horn.
  for (const [side, label] of SIDES) {
    const horn = new Spine(
      [sx([0.36, 2.6, 3.05], side), sx([0.46, 3.1, 3.55], side), sx([0.44, 3.3, 4.35], side)],
      [
        [0.16, 0.16],
        [0.1, 0.1],
        [0.012, 0.012],
      ],
    );
    b.add('head', `horn-brow-${label}`, horn.geometry(6, 6, 0.2), p.keratin);
  }
  const noseHorn = new Spine(
    [
      [0, 2.0, 4.0],
      [0, 2.35, 4.2],
      [0, 2.6, 4.3],
    ],
    [
      [0.11, 0.13],
      [0.07, 0.08],
      [0.01, 0.01],
    ],
  );
  b.add('head', 'horn-nose', noseHorn.geometry(6, 4, 0.2), p.keratin);

  limbPair(
    b,
    'leg-front',
    [
      [0.78, 2.0, 1.5],
      [0.98, 1.05, 1.5],
      [0.92, 0.2, 1.65],
    ],
    [
      [0.38, 0.42],
      [0.28, 0.3],
      [0.24, 0.26],
    ],
    p.skin,
  );
  limbPair(
    b,
    'leg-hind',
    [
      [0.8, 2.4, -1.1],
      [0.88, 1.25, -0.65],
      [0.86, 0.55, -1.0],
      [0.86, 0.2, -0.95],
    ],
    [
      [0.5, 0.62],
      [0.34, 0.38],
      [0.26, 0.28],
      [0.25, 0.27],
    ],
    p.skin,
  );
  for (const [side, label] of SIDES) {
    padFoot(b, `front-${label}`, sx([0.92, 0, 1.68], side), 0.27, p.skin, p.keratin);
    padFoot(b, `hind-${label}`, sx([0.86, 0, -0.93], side), 0.3, p.skin, p.keratin);
  }
  return b;
}

function velociraptor(): ModelBuilder {
  const b = new ModelBuilder('velociraptor');
  const p = palette('velociraptor', '#b8773f', '#e3c79a', '#6b4329');

  const body = new Spine(
    [
      [0, 0.56, -0.22],
      [0, 0.58, 0.08],
      [0, 0.6, 0.32],
    ],
    [
      [0.09, 0.12],
      [0.1, 0.13],
      [0.07, 0.08],
    ],
  );
  b.add('body', 'torso', body.geometry(8, 8), p.skin);

  // Long, stiff, straight tail held level.
  const tail = new Spine(
    [
      [0, 0.57, -0.15],
      [0, 0.6, -0.6],
      [0, 0.62, -1.05],
      [0, 0.62, -1.3],
    ],
    [
      [0.08, 0.1],
      [0.045, 0.055],
      [0.025, 0.03],
      [0.01, 0.012],
    ],
  );
  b.add('body', 'tail', tail.geometry(6, 10), p.skin);

  const neck = new Spine(
    [
      [0, 0.6, 0.26],
      [0, 0.72, 0.38],
      [0, 0.82, 0.42],
    ],
    [
      [0.05, 0.06],
      [0.04, 0.045],
      [0.035, 0.04],
    ],
  );
  b.add('body', 'neck', neck.geometry(6, 6), p.skin);

  // Long, low, slightly upturned snout.
  const skull = new Spine(
    [
      [0, 0.86, 0.4],
      [0, 0.85, 0.53],
      [0, 0.82, 0.68],
    ],
    [
      [0.045, 0.05],
      [0.032, 0.038],
      [0.016, 0.02],
    ],
  );
  b.add('head', 'skull', skull.geometry(6, 6, 0.4), p.skin);
  b.eyes([0.035, 0.885, 0.46], 0.012, p.eye);

  // Feathers: a crest along head and neck, a tail fan and wing-like arm feathers.
  const feather = (length: number, width: number): [number, number][] => [
    [0, -width / 2],
    [length * 0.7, -width / 2],
    [length, 0],
    [length * 0.7, width / 2],
    [0, width / 2],
  ];
  // A mane of feathers lying back along the head, neck and back.
  const crest: V3[] = [
    [0, 0.9, 0.48],
    [0, 0.905, 0.42],
    [0, 0.87, 0.38],
    [0, 0.8, 0.36],
    [0, 0.73, 0.32],
    [0, 0.7, 0.22],
    [0, 0.705, 0.1],
    [0, 0.71, -0.02],
    [0, 0.7, -0.14],
  ];
  crest.forEach((at, i) => {
    b.add(
      'feathers',
      `feather-crest-${i + 1}`,
      extrudedGeometry(feather(0.12, 0.07), 0.008, sagittal(at, Math.PI - 0.35)),
      p.accent,
    );
  });
  // A frond of feathers fanning sideways from the end of the tail.
  for (let i = 0; i < 6; i++) {
    const t = 0.45 + i * 0.1;
    const at = tail.point(t);
    const length = 0.12 + i * 0.03;
    for (const [side, label] of SIDES) {
      const placement = oriented(at.toArray(), [side * 0.6, -0.05, -1], [-side * 0.5, 0.85, 0]);
      b.add('feathers', `feather-tail-${label}-${i + 1}`, extrudedGeometry(feather(length, 0.05), 0.008, placement), p.accent);
    }
  }

  // Folded feathered arms with three clawed fingers.
  limbPair(
    b,
    'arm',
    [
      [0.09, 0.52, 0.26],
      [0.12, 0.44, 0.16],
      [0.11, 0.46, 0.34],
    ],
    [
      [0.025, 0.03],
      [0.02, 0.022],
      [0.014, 0.016],
    ],
    p.skin,
    5,
    5,
  );
  for (const [side, label] of SIDES) {
    for (const [i, dy] of [0.01, -0.01, -0.03].entries()) {
      b.add('legs', `hand-claw-${label}-${i + 1}`, coneGeometry(sx([0.11, 0.46 + dy, 0.34], side), sx([0.12, 0.42 + dy, 0.4], side), 0.008, 3), p.keratin);
    }
    // Wing feathers hanging back from the forearm (quill knobs are known on its ulna).
    for (let i = 0; i < 4; i++) {
      const at = sx([0.125, 0.445 + i * 0.005, 0.18 + i * 0.045], side);
      const placement = oriented(at, [0, -0.55, -1], [side, 0, 0]);
      b.add('feathers', `feather-arm-${label}-${i + 1}`, extrudedGeometry(feather(0.13 - i * 0.01, 0.045), 0.008, placement), p.accent);
    }
  }

  // Slender hind legs with the raised "killing claw" on the second toe.
  limbPair(
    b,
    'leg',
    [
      [0.08, 0.56, -0.1],
      [0.1, 0.34, 0.04],
      [0.1, 0.13, -0.1],
      [0.1, 0.03, -0.02],
    ],
    [
      [0.05, 0.08],
      [0.03, 0.04],
      [0.015, 0.018],
      [0.014, 0.016],
    ],
    p.skin,
    6,
    9,
  );
  for (const [side, label] of SIDES) {
    const foot = sx([0.1, 0.02, -0.02], side);
    for (const [i, a] of [-0.05, 0.3].entries()) {
      const tip: V3 = [foot[0] + Math.sin(a * side) * 0.1, 0.012, foot[2] + Math.cos(a) * 0.1];
      b.add('legs', `toe-${label}-${i + 3}`, new Spine([foot, tip], [[0.014, 0.012], [0.008, 0.007]]).geometry(5, 2), p.skin);
      b.add('legs', `claw-${label}-${i + 3}`, coneGeometry(tip, [tip[0], 0.004, tip[2] + 0.025], 0.006, 3), p.keratin);
    }
    const sickle = new Spine(
      [sx([0.085, 0.035, 0.02], side), sx([0.085, 0.085, 0.05], side), sx([0.085, 0.08, 0.095], side), sx([0.085, 0.045, 0.11], side)],
      [
        [0.008, 0.014],
        [0.007, 0.011],
        [0.005, 0.007],
        [0.001, 0.001],
      ],
    );
    b.add('legs', `sickle-claw-${label}`, sickle.geometry(5, 8, 0.2), p.keratin);
  }
  return b;
}

function stegosaurus(): ModelBuilder {
  const b = new ModelBuilder('stegosaurus');
  const p = palette('stegosaurus', '#6f8a4a', '#c1c48e', '#d5772f');

  // High-arched back: hips far above the small, low head.
  const body = new Spine(
    [
      [0, 1.25, -5.0],
      [0, 1.95, -3.2],
      [0, 2.5, -1.1],
      [0, 2.2, 0.7],
      [0, 1.6, 1.8],
      [0, 1.1, 2.7],
    ],
    [
      [0.05, 0.05],
      [0.35, 0.38],
      [0.85, 1.0],
      [0.8, 0.85],
      [0.55, 0.58],
      [0.28, 0.3],
    ],
  );
  b.add('body', 'torso', body.geometry(10, 22), p.skin);
  b.add('body', 'belly', ellipsoidGeometry([0, 1.75, -0.2], [0.72, 0.55, 1.5]), p.belly);

  const neck = new Spine(
    [
      [0, 1.2, 2.5],
      [0, 1.0, 3.0],
      [0, 0.95, 3.25],
    ],
    [
      [0.28, 0.3],
      [0.22, 0.24],
      [0.2, 0.22],
    ],
  );
  b.add('body', 'neck', neck.geometry(7, 4), p.skin);
  const skull = new Spine(
    [
      [0, 1.0, 3.2],
      [0, 0.9, 3.6],
      [0, 0.78, 3.95],
    ],
    [
      [0.2, 0.21],
      [0.14, 0.15],
      [0.07, 0.08],
    ],
  );
  b.add('head', 'skull', skull.geometry(7, 5, 0.4), p.skin);
  b.eyes([0.15, 1.03, 3.5], 0.04, p.eye);

  // Two staggered rows of tall kite-shaped plates along neck, back and tail.
  const plateCount = 17;
  for (let i = 0; i < plateCount; i++) {
    const t = 0.17 + (i / (plateCount - 1)) * 0.72; // from mid-tail to the neck
    const peak = Math.exp(-(((t - 0.5) / 0.22) ** 2)); // biggest over the hips
    const h = 0.3 + 0.75 * peak;
    const w = 0.3 + 0.55 * peak;
    const outline: [number, number][] = [
      [-w / 2, 0],
      [-w * 0.45, h * 0.45],
      [-w * 0.15, h * 0.9],
      [w * 0.05, h],
      [w * 0.35, h * 0.7],
      [w / 2, 0.1 * h],
      [w * 0.2, -0.05],
    ];
    const top = body.surface(t, Math.PI / 2, 0.85);
    const tangent = body.tangent(t);
    const pitch = Math.atan2(tangent.y, tangent.z);
    const side = i % 2 === 0 ? 0.13 : -0.13;
    b.add(
      'armour',
      `plate-${String(i + 1).padStart(2, '0')}`,
      extrudedGeometry(outline, 0.07, sagittal(top.toArray(), pitch, side)),
      p.accent,
    );
  }

  // Thagomizer: two pairs of long tail spikes.
  for (const [n, t] of [0.06, 0.12].entries()) {
    const at = body.point(t);
    for (const [s, label] of SIDES) {
      const base = at.clone().add(new THREE.Vector3(0.1 * s, 0.08, 0));
      const tip = at.clone().add(new THREE.Vector3(0.65 * s, 0.6, -0.3 - 0.15 * n));
      b.add('armour', `tail-spike-${label}-${n + 1}`, coneGeometry(base.toArray(), tip.toArray(), 0.1, 6), p.accent);
    }
  }

  limbPair(
    b,
    'leg-front',
    [
      [0.5, 1.5, 1.6],
      [0.6, 0.85, 1.75],
      [0.6, 0.2, 1.7],
    ],
    [
      [0.26, 0.3],
      [0.18, 0.2],
      [0.16, 0.18],
    ],
    p.skin,
  );
  limbPair(
    b,
    'leg-hind',
    [
      [0.62, 2.35, -1.1],
      [0.68, 1.25, -0.85],
      [0.66, 0.2, -1.05],
    ],
    [
      [0.42, 0.6],
      [0.28, 0.32],
      [0.22, 0.24],
    ],
    p.skin,
  );
  for (const [side, label] of SIDES) {
    padFoot(b, `front-${label}`, sx([0.6, 0, 1.72], side), 0.19, p.skin, p.keratin);
    padFoot(b, `hind-${label}`, sx([0.66, 0, -1.02], side), 0.25, p.skin, p.keratin);
  }
  return b;
}

function brachiosaurus(): ModelBuilder {
  const b = new ModelBuilder('brachiosaurus');
  const p = palette('brachiosaurus', '#7d8fa2', '#b9c3cc', '#5a6878');

  // Sloping back: shoulders well above the hips.
  const body = new Spine(
    [
      [0, 5.3, -3.2],
      [0, 5.9, -1.5],
      [0, 6.6, 0.4],
      [0, 7.1, 1.8],
    ],
    [
      [1.35, 1.35],
      [1.7, 1.75],
      [1.6, 1.75],
      [1.0, 1.1],
    ],
  );
  b.add('body', 'torso', body.geometry(10, 14), p.skin);
  b.add('body', 'belly', ellipsoidGeometry([0, 4.9, -0.4], [1.4, 0.9, 2.4]), p.belly);

  const tail = new Spine(
    [
      [0, 5.4, -2.8],
      [0, 4.7, -5.5],
      [0, 3.5, -8.5],
      [0, 2.3, -11.5],
      [0, 1.9, -13.4],
    ],
    [
      [1.1, 1.15],
      [0.65, 0.75],
      [0.35, 0.4],
      [0.15, 0.17],
      [0.05, 0.05],
    ],
  );
  b.add('body', 'tail', tail.geometry(8, 16), p.skin);

  // The very long neck held high, giraffe-like.
  const neck = new Spine(
    [
      [0, 6.8, 1.4],
      [0, 8.4, 2.9],
      [0, 10.4, 3.9],
      [0, 12.1, 4.5],
      [0, 12.9, 4.7],
    ],
    [
      [0.95, 1.05],
      [0.62, 0.72],
      [0.45, 0.52],
      [0.36, 0.42],
      [0.33, 0.38],
    ],
  );
  b.add('body', 'neck', neck.geometry(8, 16), p.skin);

  const skull = new Spine(
    [
      [0, 13.05, 4.5],
      [0, 12.95, 5.2],
      [0, 12.7, 5.85],
    ],
    [
      [0.38, 0.42],
      [0.32, 0.36],
      [0.2, 0.2],
    ],
  );
  b.add('head', 'skull', skull.geometry(8, 6, 0.4), p.skin);
  // The domed nasal arch that gives brachiosaurids their helmet-like head.
  b.add('head', 'nasal-crest', ellipsoidGeometry([0, 13.4, 5.0], [0.26, 0.3, 0.42]), p.accent);
  b.eyes([0.33, 13.2, 4.85], 0.07, p.eye);

  // Front legs clearly longer than the hind legs.
  limbPair(
    b,
    'leg-front',
    [
      [1.15, 6.2, 1.2],
      [1.3, 3.4, 1.45],
      [1.3, 0.25, 1.45],
    ],
    [
      [0.62, 0.7],
      [0.46, 0.5],
      [0.44, 0.46],
    ],
    p.skin,
    8,
    8,
  );
  limbPair(
    b,
    'leg-hind',
    [
      [1.05, 5.3, -2.6],
      [1.2, 2.8, -2.2],
      [1.2, 0.25, -2.55],
    ],
    [
      [0.72, 0.9],
      [0.5, 0.56],
      [0.48, 0.5],
    ],
    p.skin,
    8,
    8,
  );
  for (const [side, label] of SIDES) {
    padFoot(b, `front-${label}`, sx([1.3, 0, 1.45], side), 0.48, p.skin, p.keratin);
    padFoot(b, `hind-${label}`, sx([1.2, 0, -2.55], side), 0.55, p.skin, p.keratin);
  }
  return b;
}

function ankylosaurus(): ModelBuilder {
  const b = new ModelBuilder('ankylosaurus');
  const p = palette('ankylosaurus', '#7a6b50', '#a89a7c', '#cdbb8e');

  // Very wide, low, flat-topped body.
  const body = new Spine(
    [
      [0, 0.95, -2.3],
      [0, 1.22, -1.2],
      [0, 1.3, 0.3],
      [0, 1.15, 1.6],
      [0, 1.0, 2.3],
    ],
    [
      [0.75, 0.45],
      [1.2, 0.62],
      [1.25, 0.66],
      [1.02, 0.55],
      [0.5, 0.4],
    ],
  );
  b.add('body', 'torso', body.geometry(12, 16), p.skin);

  const tail = new Spine(
    [
      [0, 1.0, -1.7],
      [0, 0.85, -3.1],
      [0, 0.75, -4.6],
    ],
    [
      [0.5, 0.35],
      [0.22, 0.18],
      [0.12, 0.11],
    ],
  );
  b.add('body', 'tail', tail.geometry(7, 10), p.skin);
  // The bony tail club: a big central knob flanked by two smaller ones.
  b.add('armour', 'tail-club', ellipsoidGeometry([0, 0.74, -4.9], [0.32, 0.22, 0.36], 8, 6), p.accent);
  for (const [side, label] of SIDES) {
    b.add('armour', `tail-club-${label}`, ellipsoidGeometry(sx([0.26, 0.72, -4.85], side), [0.2, 0.18, 0.28], 7, 5), p.accent);
  }

  // Short, broad, triangular head with backward-pointing horns.
  const skull = new Spine(
    [
      [0, 1.02, 2.2],
      [0, 0.92, 2.8],
      [0, 0.8, 3.2],
    ],
    [
      [0.46, 0.32],
      [0.38, 0.27],
      [0.24, 0.18],
    ],
  );
  b.add('head', 'skull', skull.geometry(6, 4, 0.3), p.skin);
  b.eyes([0.38, 1.08, 2.75], 0.045, p.eye);
  for (const [side, label] of SIDES) {
    b.add('head', `horn-upper-${label}`, coneGeometry(sx([0.36, 1.2, 2.45], side), sx([0.58, 1.3, 2.2], side), 0.08, 4), p.accent);
    b.add('head', `horn-lower-${label}`, coneGeometry(sx([0.42, 0.9, 2.55], side), sx([0.62, 0.78, 2.35], side), 0.07, 4), p.accent);
  }

  // Osteoderms: rows of bony knobs over the back, spikes along the flanks.
  let n = 0;
  for (let i = 0; i < 7; i++) {
    const t = 0.1 + i * 0.13;
    for (const angle of [90, 60, 120, 32, 148].map((d) => (d * Math.PI) / 180)) {
      const base = body.surface(t, angle, 0.9);
      const tip = body.surface(t, angle, 1.18);
      n++;
      b.add('armour', `osteoderm-${String(n).padStart(2, '0')}`, coneGeometry(base.toArray(), tip.toArray(), 0.12, 4), p.accent);
    }
  }
  for (const [side, label] of SIDES) {
    for (let i = 0; i < 6; i++) {
      const t = 0.12 + i * 0.15;
      const angle = side === 1 ? 0.05 : Math.PI - 0.05;
      const base = body.surface(t, angle, 0.92);
      const tip = body.surface(t, angle, 1.28).add(new THREE.Vector3(0, 0, -0.1));
      b.add('armour', `spike-${label}-${i + 1}`, coneGeometry(base.toArray(), tip.toArray(), 0.1, 4), p.accent);
    }
    for (let i = 0; i < 4; i++) {
      const t = 0.15 + i * 0.22;
      const base = tail.surface(t, side === 1 ? 0 : Math.PI, 0.8);
      const tip = tail.surface(t, side === 1 ? 0 : Math.PI, 1.9);
      b.add('armour', `tail-spike-${label}-${i + 1}`, coneGeometry(base.toArray(), tip.toArray(), 0.06, 4), p.accent);
    }
  }

  // Short, sturdy, slightly splayed legs.
  limbPair(
    b,
    'leg-front',
    [
      [0.8, 0.95, 1.45],
      [0.98, 0.5, 1.5],
      [1.0, 0.15, 1.5],
    ],
    [
      [0.26, 0.28],
      [0.2, 0.22],
      [0.18, 0.2],
    ],
    p.skin,
  );
  limbPair(
    b,
    'leg-hind',
    [
      [0.82, 1.05, -1.0],
      [0.98, 0.55, -0.85],
      [1.0, 0.15, -1.0],
    ],
    [
      [0.34, 0.4],
      [0.24, 0.26],
      [0.21, 0.23],
    ],
    p.skin,
  );
  for (const [side, label] of SIDES) {
    padFoot(b, `front-${label}`, sx([1.0, 0, 1.52], side), 0.2, p.skin, p.keratin);
    padFoot(b, `hind-${label}`, sx([1.0, 0, -0.98], side), 0.23, p.skin, p.keratin);
  }
  return b;
}

function parasaurolophus(): ModelBuilder {
  const b = new ModelBuilder('parasaurolophus');
  const p = palette('parasaurolophus', '#8f9c48', '#d9d59a', '#b1323f');

  const body = new Spine(
    [
      [0, 2.45, -1.6],
      [0, 2.6, -0.4],
      [0, 2.35, 0.9],
      [0, 2.25, 1.6],
    ],
    [
      [0.65, 0.8],
      [0.78, 0.92],
      [0.65, 0.75],
      [0.4, 0.45],
    ],
  );
  b.add('body', 'torso', body.geometry(10, 14), p.skin);
  b.add('body', 'belly', ellipsoidGeometry([0, 2.0, 0.1], [0.6, 0.55, 1.3]), p.belly);

  // Deep tail held straight out, counterbalancing the body.
  const tail = new Spine(
    [
      [0, 2.55, -1.1],
      [0, 2.45, -3.2],
      [0, 2.1, -5.3],
      [0, 1.75, -6.7],
    ],
    [
      [0.5, 0.72],
      [0.28, 0.5],
      [0.13, 0.26],
      [0.03, 0.05],
    ],
  );
  b.add('body', 'tail', tail.geometry(8, 14), p.skin);

  const neck = new Spine(
    [
      [0, 2.35, 1.2],
      [0, 2.75, 1.95],
      [0, 3.2, 2.3],
    ],
    [
      [0.42, 0.5],
      [0.3, 0.35],
      [0.24, 0.28],
    ],
  );
  b.add('body', 'neck', neck.geometry(8, 8), p.skin);

  // Skull ending in a broad, flat duck-bill.
  const skull = new Spine(
    [
      [0, 3.3, 2.15],
      [0, 3.15, 2.65],
      [0, 2.9, 3.15],
    ],
    [
      [0.22, 0.27],
      [0.17, 0.18],
      [0.17, 0.09],
    ],
  );
  b.add('head', 'skull', skull.geometry(8, 6, 0.5), p.skin);
  b.add('head', 'bill', ellipsoidGeometry([0, 2.9, 3.12], [0.19, 0.07, 0.16], 8, 4), p.belly);
  b.eyes([0.2, 3.38, 2.35], 0.045, p.eye);

  // The famous hollow crest sweeping back over the neck, ~1 m long.
  const crest = new Spine(
    [
      [0, 3.35, 2.55],
      [0, 3.6, 2.15],
      [0, 3.78, 1.65],
      [0, 3.82, 1.2],
    ],
    [
      [0.07, 0.11],
      [0.075, 0.12],
      [0.07, 0.11],
      [0.05, 0.08],
    ],
  );
  b.add('head', 'crest', crest.geometry(7, 10, 0.8), p.accent);

  // Long hind legs, shorter slender front legs: walks on all fours, runs on two.
  limbPair(
    b,
    'leg-hind',
    [
      [0.62, 2.5, -0.5],
      [0.72, 1.45, 0.15],
      [0.7, 0.65, -0.45],
      [0.68, 0.14, -0.2],
    ],
    [
      [0.4, 0.62],
      [0.25, 0.3],
      [0.15, 0.17],
      [0.13, 0.14],
    ],
    p.skin,
    8,
    10,
  );
  limbPair(
    b,
    'leg-front',
    [
      [0.45, 2.1, 1.25],
      [0.55, 1.25, 1.15],
      [0.55, 0.15, 1.3],
    ],
    [
      [0.16, 0.2],
      [0.11, 0.12],
      [0.09, 0.1],
    ],
    p.skin,
    6,
    8,
  );
  for (const [side, label] of SIDES) {
    toes(b, `hind-${label}`, sx([0.68, 0.1, -0.2], side), 0.42, 0.12, p.skin, p.keratin);
    padFoot(b, `front-${label}`, sx([0.55, 0, 1.32], side), 0.11, p.skin);
  }
  return b;
}

function spinosaurus(): ModelBuilder {
  const b = new ModelBuilder('spinosaurus');
  const p = palette('spinosaurus', '#4e6a6c', '#a9b8a6', '#c8552f');

  const body = new Spine(
    [
      [0, 2.75, -1.8],
      [0, 2.95, -0.3],
      [0, 3.05, 1.2],
      [0, 3.15, 2.3],
    ],
    [
      [0.62, 0.78],
      [0.72, 0.88],
      [0.62, 0.78],
      [0.38, 0.45],
    ],
  );
  b.add('body', 'torso', body.geometry(10, 14), p.skin);
  b.add('body', 'belly', ellipsoidGeometry([0, 2.5, 0.3], [0.55, 0.5, 1.4]), p.belly);

  // Deep, narrow, paddle-like tail (Ibrahim et al. 2020).
  const tail = new Spine(
    [
      [0, 2.85, -1.2],
      [0, 2.75, -3.5],
      [0, 2.45, -5.8],
      [0, 2.1, -7.9],
    ],
    [
      [0.5, 0.7],
      [0.22, 0.55],
      [0.1, 0.45],
      [0.03, 0.2],
    ],
  );
  b.add('body', 'tail', tail.geometry(8, 14), p.skin);

  const neck = new Spine(
    [
      [0, 3.1, 1.9],
      [0, 3.5, 2.6],
      [0, 3.75, 3.1],
    ],
    [
      [0.42, 0.5],
      [0.3, 0.35],
      [0.24, 0.28],
    ],
  );
  b.add('body', 'neck', neck.geometry(8, 8), p.skin);

  // Long, narrow, crocodile-like snout with a rosette of teeth at the tip.
  const skull = new Spine(
    [
      [0, 3.85, 2.95],
      [0, 3.72, 3.6],
      [0, 3.55, 4.4],
      [0, 3.48, 4.95],
    ],
    [
      [0.26, 0.3],
      [0.15, 0.2],
      [0.1, 0.12],
      [0.11, 0.11],
    ],
  );
  b.add('head', 'skull', skull.geometry(7, 10, 0.5), p.skin);
  const jaw = new Spine(
    [
      [0, 3.58, 3.05],
      [0, 3.42, 4.0],
      [0, 3.38, 4.85],
    ],
    [
      [0.2, 0.14],
      [0.1, 0.08],
      [0.08, 0.06],
    ],
  );
  b.add('head', 'jaw', jaw.geometry(6, 8, 0.4), p.belly);
  b.add('head', 'nasal-crest', ellipsoidGeometry([0, 4.02, 3.3], [0.05, 0.1, 0.3], 6, 4), p.accent);
  b.eyes([0.18, 3.98, 3.1], 0.05, p.eye);
  for (const [side, label] of SIDES) {
    for (let i = 0; i < 6; i++) {
      const z = 3.45 + i * 0.27;
      const x = (0.13 - i * 0.008) * side;
      const y = 3.55 - i * 0.02;
      b.add('head', `tooth-${label}-${i + 1}`, coneGeometry([x, y + 0.02, z], [x, y - 0.12, z + 0.02], 0.025, 3), p.keratin);
    }
  }

  // The sail: elongated neural spines from shoulders to the base of the tail.
  const sailOutline: [number, number][] = [];
  const steps = 16;
  const z0 = -2.2;
  const z1 = 1.9;
  for (let i = 0; i <= steps; i++) {
    const u = i / steps;
    const z = z1 + (z0 - z1) * u;
    // Tallest over the hips-to-mid-back, with a gentle double hump (Ibrahim 2014).
    const h = 1.7 * Math.sin(Math.PI * u) ** 0.8 * (1 - 0.12 * Math.cos(4 * Math.PI * u));
    sailOutline.push([z, 3.0 + 0.7 + h + 0.05 * (1 - u)]);
  }
  sailOutline.push([z0, 3.3], [z1, 3.6]);
  b.add('body', 'sail', extrudedGeometry(sailOutline, 0.1, sagittal([0, 0, 0])), p.accent);
  for (let i = 1; i < steps; i += 2) {
    const u = i / steps;
    const z = z1 + (z0 - z1) * u;
    const h = 1.7 * Math.sin(Math.PI * u) ** 0.8 * (1 - 0.12 * Math.cos(4 * Math.PI * u));
    b.add('body', `sail-spine-${(i + 1) / 2}`, boxGeometry([0, 3.55 + h / 2, z], [0.14, h + 0.3, 0.07]), p.skin);
  }

  // Shortish hind legs and robust arms with big thumb claws.
  limbPair(
    b,
    'leg',
    [
      [0.6, 2.8, -0.5],
      [0.72, 1.65, 0.1],
      [0.68, 0.65, -0.4],
      [0.66, 0.14, -0.1],
    ],
    [
      [0.4, 0.62],
      [0.24, 0.3],
      [0.15, 0.17],
      [0.13, 0.14],
    ],
    p.skin,
    8,
    10,
  );
  limbPair(
    b,
    'arm',
    [
      [0.45, 2.85, 1.7],
      [0.6, 2.3, 1.75],
      [0.55, 2.0, 2.2],
    ],
    [
      [0.14, 0.16],
      [0.1, 0.11],
      [0.08, 0.08],
    ],
    p.skin,
    6,
    6,
  );
  for (const [side, label] of SIDES) {
    toes(b, label, sx([0.66, 0.1, -0.1], side), 0.6, 0.12, p.skin, p.keratin);
    b.add('legs', `thumb-claw-${label}`, coneGeometry(sx([0.55, 2.0, 2.22], side), sx([0.52, 1.82, 2.45], side), 0.05, 4), p.keratin);
    b.add('legs', `hand-claw-${label}`, coneGeometry(sx([0.6, 1.98, 2.2], side), sx([0.62, 1.85, 2.38], side), 0.035, 4), p.keratin);
  }
  return b;
}

/** Builders keyed by the catalogue's `modelFile`. */
export const MODEL_BUILDERS: Readonly<Record<string, () => ModelBuilder>> = {
  'tyrannosaurus-rex.glb': tyrannosaurus,
  'triceratops.glb': triceratops,
  'velociraptor.glb': velociraptor,
  'stegosaurus.glb': stegosaurus,
  'brachiosaurus.glb': brachiosaurus,
  'ankylosaurus.glb': ankylosaurus,
  'parasaurolophus.glb': parasaurolophus,
  'spinosaurus.glb': spinosaurus,
};

/**
 * Builds a species model: life-size in metres, then wrapped in a root node
 * scaled so its longest side is MODEL_LONGEST_SIDE units with feet at y = 0.
 */
export function buildModel(modelFile: string, speciesName: string): THREE.Scene {
  const build = MODEL_BUILDERS[modelFile];
  if (!build) throw new Error(`No model builder for ${modelFile}`);
  const { root } = build();
  root.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(root);
  const size = box.getSize(new THREE.Vector3());
  const scale = MODEL_LONGEST_SIDE / Math.max(size.x, size.y, size.z);
  const rounded = (x: number) => Math.round(x * 1000) / 1000;
  root.scale.setScalar(scale);
  root.position.set(0, -box.min.y * scale, 0);
  root.userData = {
    species: speciesName,
    metresPerUnit: rounded(1 / scale),
    lifeSizeMetres: { length: rounded(size.z), height: rounded(size.y), width: rounded(size.x) },
    generator: 'scripts/generate-models.ts',
  };
  const scene = new THREE.Scene();
  scene.add(root);
  return scene;
}

export function countTriangles(object: THREE.Object3D): number {
  let triangles = 0;
  object.traverse((child) => {
    if (child instanceof THREE.Mesh) {
      const geometry = child.geometry as THREE.BufferGeometry;
      triangles += (geometry.index ? geometry.index.count : geometry.getAttribute('position').count) / 3;
    }
  });
  return triangles;
}

export async function exportGlb(scene: THREE.Scene): Promise<Uint8Array> {
  const exporter = new GLTFExporter();
  const result = await exporter.parseAsync(scene, { binary: true });
  if (!(result instanceof ArrayBuffer)) throw new Error('GLTFExporter did not return a binary glb');
  return new Uint8Array(result);
}

/** The USDZ file of a model, next to its glb: what iOS AR Quick Look opens ("View in your space"). */
export const usdzFileFor = (modelFile: string): string => modelFile.replace(/\.glb$/i, '.usdz');

/**
 * Exports the scene as USDZ for AR Quick Look (no textures, so no canvas is
 * needed in Node). The exporter stamps each zip entry with the current time;
 * those stamps are reset so the output stays deterministic.
 */
export async function exportUsdz(scene: THREE.Scene): Promise<Uint8Array> {
  // The exporter reads each node's matrix, which three updates only on render: refresh it (root scale and lift).
  scene.updateMatrixWorld(true);
  const exporter = new USDZExporter();
  const result = await exporter.parseAsync(scene, { quickLookCompatible: true });
  return clearZipTimestamps(new Uint8Array(result));
}

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
/** MS-DOS date of 1980-01-01, the earliest a zip entry can carry (time 00:00:00 is 0). */
const DOS_EPOCH_DATE = (1 << 5) | 1;

/** Sets every entry's modification time in a stored (uncompressed) zip to 1980-01-01 00:00. */
export function clearZipTimestamps(zip: Uint8Array): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let at = 0;
  while (at + 4 <= zip.byteLength) {
    const signature = view.getUint32(at, true);
    if (signature === ZIP_LOCAL_HEADER) {
      view.setUint16(at + 10, 0, true);
      view.setUint16(at + 12, DOS_EPOCH_DATE, true);
      const size = view.getUint32(at + 18, true);
      at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + size;
    } else if (signature === ZIP_CENTRAL_HEADER) {
      view.setUint16(at + 12, 0, true);
      view.setUint16(at + 14, DOS_EPOCH_DATE, true);
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    } else {
      break; // the end-of-central-directory record carries no time
    }
  }
  return zip;
}

async function main(): Promise<void> {
  await mkdir(MODELS_DIR, { recursive: true });
  for (const species of SPECIES_CATALOGUE) {
    if (!(species.modelFile in MODEL_BUILDERS)) {
      // An artist-made model replaced the generated one: leave the file alone.
      console.log(`${species.modelFile.padEnd(24)} kept (no builder: hand-made model)`);
      continue;
    }
    const scene = buildModel(species.modelFile, species.name);
    const glb = await exportGlb(scene);
    await writeFile(path.join(MODELS_DIR, species.modelFile), glb);
    const usdz = await exportUsdz(buildModel(species.modelFile, species.name));
    await writeFile(path.join(MODELS_DIR, usdzFileFor(species.modelFile)), usdz);
    console.log(
      `${species.modelFile.padEnd(24)} ${String(countTriangles(scene)).padStart(5)} triangles  ${(glb.byteLength / 1024).toFixed(1).padStart(6)} KB  usdz ${(usdz.byteLength / 1024).toFixed(1).padStart(6)} KB`,
    );
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
