// The breaking-change check of `npm run lint:openapi` (part of npm test, decision 841):
// the current OpenAPI document (the snapshot src/server/openapi.test.ts keeps equal to
// the served one) against the last released one (openapi.released.json). A removed
// path, method, answer or field, a field made required, or a type narrowed fails,
// unless README.md's "API changes" section announces it for the coming release.
//
//   tsx scripts/openapi-diff.ts            check (exit 1 on an unannounced breaking change)
//   tsx scripts/openapi-diff.ts --release  check, then make the current document the released one
import fs from 'node:fs';
import path from 'node:path';

type Json = Record<string, unknown>;
export type OpenApiDoc = {
  info: { version: string };
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
};

export type BreakingChange = {
  /** `GET /api/hunter/stats`, or `/api/x` when the whole path went. */
  operation: string;
  /** The field (`dartsUsed`, `items[].name`), parameter or status the change is about, if any. */
  subject?: string;
  /** What changed, in a few words. */
  change: string;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
/** The document's paths are relative to its server, `/api`. */
const API_PREFIX = '/api';
export const README_SECTION = 'API changes';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows local `#/components/...` references (a cycle ends in an empty schema). */
function resolve(doc: OpenApiDoc, value: unknown, seen: Set<string> = new Set()): Json {
  if (!isObject(value)) return {};
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (seen.has(ref) || !ref.startsWith('#/')) return {};
  seen.add(ref);
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return resolve(doc, target, seen);
}

const SHAPE_KEYS = ['type', 'const', 'enum', 'properties', 'items'];

/** A schema's alternatives: its anyOf/oneOf/allOf members (flattened), references followed. */
function variants(doc: OpenApiDoc, schema: unknown, depth = 0): Json[] {
  const resolved = resolve(doc, schema);
  const members = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(resolved[key]) ? (resolved[key] as unknown[]) : []));
  if (members.length === 0 || depth > 8) return [resolved];
  const flat = members.flatMap((member) => variants(doc, member, depth + 1));
  // A wrapper's own keys count only when they shape the value (allOf beside properties).
  return SHAPE_KEYS.some((key) => key in resolved) ? [resolved, ...flat] : flat;
}

/** The JSON types a schema admits; `any` for an alternative that says nothing about types. */
function types(members: Json[]): Set<string> {
  const found = new Set<string>();
  for (const member of members) {
    const type = member.type;
    if (typeof type === 'string') found.add(type);
    else if (Array.isArray(type)) for (const t of type) found.add(String(t));
    else if ('const' in member) found.add(jsonType(member.const));
    else if (Array.isArray(member.enum)) for (const v of member.enum) found.add(jsonType(v));
    else if (isObject(member.properties)) found.add('object');
    else if (member.items !== undefined) found.add('array');
    else found.add('any');
  }
  return found;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether `wide` admits every value of type `narrow`. */
function admits(wide: Set<string>, narrow: string): boolean {
  return wide.has('any') || wide.has(narrow) || (narrow === 'integer' && wide.has('number'));
}

/** The values a schema is limited to (enum or const), or undefined when any value of its types goes. */
function allowedValues(members: Json[]): unknown[] | undefined {
  let values: unknown[] | undefined;
  for (const member of members) {
    if ('const' in member) values = [...(values ?? []), member.const];
    else if (Array.isArray(member.enum)) values = [...(values ?? []), ...member.enum];
    // `null` beside a list is the types' business; any other alternative admits every value.
    else if (member.type !== 'null') return undefined;
  }
  return values;
}

function properties(members: Json[]): { props: Map<string, unknown>; required: Set<string> } {
  const props = new Map<string, unknown>();
  const required = new Set<string>();
  for (const member of members) {
    if (isObject(member.properties)) for (const [name, schema] of Object.entries(member.properties)) props.set(name, schema);
    if (Array.isArray(member.required)) for (const name of member.required) required.add(String(name));
  }
  return { props, required };
}

function first<T>(members: Json[], key: string): T | undefined {
  for (const member of members) if (member[key] !== undefined) return member[key] as T;
  return undefined;
}

type Direction = 'request' | 'response';
type Side = { doc: OpenApiDoc; schema: unknown };

/** Limits a request value must keep to: `larger` means a new, larger value narrows. */
const REQUEST_BOUNDS: Array<[string, 'larger' | 'smaller']> = [
  ['minLength', 'larger'],
  ['maxLength', 'smaller'],
  ['minimum', 'larger'],
  ['maximum', 'smaller'],
  ['exclusiveMinimum', 'larger'],
  ['exclusiveMaximum', 'smaller'],
  ['minItems', 'larger'],
  ['maxItems', 'smaller'],
];

function compareSchemas(
  before: Side,
  after: Side,
  direction: Direction,
  field: string,
  report: (subject: string, change: string) => void,
  depth = 0,
): void {
  if (depth > 24) return;
  const old = variants(before.doc, before.schema);
  const now = variants(after.doc, after.schema);
  const name = field || '(the whole body)';
  const oldTypes = types(old);
  const newTypes = types(now);
  if (direction === 'request') {
    const lost = [...oldTypes].filter((t) => !admits(newTypes, t));
    if (lost.length > 0) report(name, `type narrowed: ${[...oldTypes].join(' | ')} -> ${[...newTypes].join(' | ')}`);
    const oldValues = allowedValues(old);
    const newValues = allowedValues(now);
    if (newValues) {
      const gone = oldValues ? oldValues.filter((v) => !newValues.some((n) => JSON.stringify(n) === JSON.stringify(v))) : ['(any)'];
      if (gone.length > 0) report(name, `values no longer accepted: ${gone.map((v) => JSON.stringify(v)).join(', ')}`);
    }
    for (const [key, way] of REQUEST_BOUNDS) {
      const was = first<number>(old, key);
      const is = first<number>(now, key);
      if (typeof is !== 'number') continue;
      if (typeof was !== 'number' || (way === 'larger' ? is > was : is < was)) report(name, `${key} narrowed: ${was ?? 'none'} -> ${is}`);
    }
    for (const key of ['pattern', 'format']) {
      const was = first<string>(old, key);
      const is = first<string>(now, key);
      if (is !== undefined && is !== was) report(name, `${key} narrowed: ${was ?? 'none'} -> ${is}`);
    }
  } else {
    const added = [...newTypes].filter((t) => !admits(oldTypes, t));
    if (added.length > 0) report(name, `type changed: ${[...oldTypes].join(' | ')} -> ${[...newTypes].join(' | ')}`);
  }

  const was = properties(old);
  const is = properties(now);
  const prefix = field ? `${field}.` : '';
  for (const [prop, schema] of was.props) {
    const path = `${prefix}${prop}`;
    const next = is.props.get(prop);
    if (next === undefined) {
      report(path, direction === 'request' ? 'request field removed' : 'field removed from the answer');
      continue;
    }
    if (direction === 'response' && was.required.has(prop) && !is.required.has(prop)) {
      report(path, 'field no longer always in the answer (not required any more)');
    }
    compareSchemas({ doc: before.doc, schema }, { doc: after.doc, schema: next }, direction, path, report, depth + 1);
  }
  if (direction === 'request') {
    for (const prop of is.required) {
      if (!was.required.has(prop)) report(`${prefix}${prop}`, was.props.has(prop) ? 'request field made required' : 'new required request field');
    }
  }
  const oldItems = first<unknown>(old, 'items');
  const newItems = first<unknown>(now, 'items');
  if (oldItems !== undefined && newItems !== undefined) {
    compareSchemas({ doc: before.doc, schema: oldItems }, { doc: after.doc, schema: newItems }, direction, `${field}[]`, report, depth + 1);
  }
}

type Parameter = { name: string; in: string; required?: boolean; schema?: unknown };
type Content = Record<string, { schema?: unknown }>;

function parameters(doc: OpenApiDoc, pathItem: Json, operation: Json): Map<string, Parameter> {
  const all = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])];
  const found = new Map<string, Parameter>();
  for (const raw of all) {
    const parameter = resolve(doc, raw) as Parameter;
    if (parameter.name && parameter.in) found.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return found;
}

function content(doc: OpenApiDoc, holder: unknown): Content {
  const resolved = resolve(doc, holder);
  return isObject(resolved.content) ? (resolved.content as Content) : {};
}

/** Every breaking change from `released` to `current`. */
export function breakingChanges(released: OpenApiDoc, current: OpenApiDoc): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [path, oldItem] of Object.entries(released.paths ?? {})) {
    const newItem = current.paths?.[path];
    if (!newItem) {
      changes.push({ operation: `${API_PREFIX}${path}`, change: 'path removed' });
      continue;
    }
    for (const method of METHODS) {
      const oldOp = oldItem[method];
      if (!isObject(oldOp)) continue;
      const operation = `${method.toUpperCase()} ${API_PREFIX}${path}`;
      const newOp = newItem[method];
      if (!isObject(newOp)) {
        changes.push({ operation, change: 'method removed' });
        continue;
      }
      const report = (subject: string, change: string) => changes.push({ operation, subject, change });
      compareOperation(released, current, oldItem, newItem, oldOp, newOp, report);
    }
  }
  return changes;
}

function compareOperation(
  released: OpenApiDoc,
  current: OpenApiDoc,
  oldItem: Json,
  newItem: Json,
  oldOp: Json,
  newOp: Json,
  report: (subject: string, change: string) => void,
): void {
  const oldParams = parameters(released, oldItem, oldOp);
  const newParams = parameters(current, newItem, newOp);
  for (const [key, parameter] of oldParams) {
    const next = newParams.get(key);
    if (!next) {
      report(parameter.name, `${parameter.in} parameter removed`);
      continue;
    }
    if (next.required && !parameter.required) report(parameter.name, `${parameter.in} parameter made required`);
    compareSchemas({ doc: released, schema: parameter.schema }, { doc: current, schema: next.schema }, 'request', parameter.name, report);
  }
  for (const [key, parameter] of newParams) {
    if (!oldParams.has(key) && parameter.required) report(parameter.name, `new required ${parameter.in} parameter`);
  }

  const oldBody = resolve(released, oldOp.requestBody);
  const newBody = resolve(current, newOp.requestBody);
  if (newBody.required === true && oldBody.required !== true) report('(request body)', 'request body made required');
  const newBodyContent = content(current, newBody);
  for (const [type, media] of Object.entries(content(released, oldBody))) {
    const next = newBodyContent[type];
    if (!next) report(type, 'request content type no longer accepted');
    else compareSchemas({ doc: released, schema: media.schema }, { doc: current, schema: next.schema }, 'request', '', report);
  }

  const oldResponses = isObject(oldOp.responses) ? oldOp.responses : {};
  const newResponses = isObject(newOp.responses) ? newOp.responses : {};
  for (const [status, response] of Object.entries(oldResponses)) {
    const next = newResponses[status];
    if (next === undefined) {
      report(status, 'answer (response status) removed');
      continue;
    }
    const newContent = content(current, next);
    for (const [type, media] of Object.entries(content(released, response))) {
      const now = newContent[type];
      if (!now) report(`${status} ${type}`, 'answer content type removed');
      else {
        const prefixed = (subject: string, change: string) => report(subject, `${change} (answer ${status})`);
        compareSchemas({ doc: released, schema: media.schema }, { doc: current, schema: now.schema }, 'response', '', prefixed);
      }
    }
  }
}

/** Numeric comparison of dotted versions (`0.10.0` > `0.9.1`); a pre-release tag is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('-')[0]!.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The bullets of README's "API changes" section that announce a coming change: those
 * under a `#### Unreleased` heading, or under `#### <version>` newer than the released
 * document's. Each bullet is the list of its `code spans`.
 */
export function announcements(readme: string, releasedVersion: string): string[][] {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => /^#{2,4} +API changes\s*$/.test(line));
  if (start < 0) return [];
  const level = lines[start]!.match(/^#+/)![0].length;
  const bullets: string[][] = [];
  let counts = false;
  let bullet: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    const heading = line.match(/^(#+) +(.*?)\s*$/);
    if (heading && heading[1]!.length <= level) break;
    if (heading) {
      bullet = undefined;
      const title = heading[2]!.replace(/^v/, '');
      counts = /^unreleased$/i.test(title) || (/^\d+(\.\d+)*/.test(title) && compareVersions(title, releasedVersion) > 0);
      continue;
    }
    if (!counts) continue;
    // A bullet runs over its indented continuation lines; other text ends it.
    if (/^[-*] /.test(line)) {
      bullet = [];
      bullets.push(bullet);
    } else if (!/^\s+\S/.test(line) && line.trim() !== '') bullet = undefined;
    if (bullet) for (const match of line.matchAll(/`([^`]+)`/g)) bullet.push(match[1]!.trim());
  }
  return bullets;
}

/** Whether a bullet names the change: its operation (or its path) and, if any, its subject. */
export function isAnnounced(change: BreakingChange, bullets: string[][]): boolean {
  const path = change.operation.replace(/^[A-Z]+ /, '');
  return bullets.some((spans) => {
    const names =
      spans.includes(change.operation) ||
      // A bullet naming the whole path covers its every operation.
      spans.includes(path) ||
      // A removed path is named by any operation on it.
      (!change.operation.includes(' ') && spans.some((span) => span.endsWith(` ${path}`)));
    return names && (change.subject === undefined || spans.includes(change.subject));
  });
}

export function describeChange(change: BreakingChange): string {
  const what = change.subject ? `${change.operation} \`${change.subject}\`` : change.operation;
  const bullet = change.subject ? `\`${change.operation}\` and \`${change.subject}\`` : `\`${change.operation}\``;
  return `${what}: ${change.change}. Not announced: README.md, section "${README_SECTION}", needs a bullet under "#### Unreleased" naming ${bullet}.`;
}

export type CheckResult = { failures: string[]; announced: BreakingChange[] };

export function check(released: OpenApiDoc, current: OpenApiDoc, readme: string): CheckResult {
  const bullets = announcements(readme, released.info.version);
  const changes = breakingChanges(released, current);
  return {
    failures: changes.filter((c) => !isAnnounced(c, bullets)).map(describeChange),
    announced: changes.filter((c) => isAnnounced(c, bullets)),
  };
}

export const FILES = {
  released: 'openapi.released.json',
  current: 'src/server/__snapshots__/openapi.json',
  readme: 'README.md',
};

/** The command: 0 when clean (or released), 1 otherwise; files relative to `dir`. */
export function main(args: string[], dir = '.'): number {
  const at = (file: string) => path.join(dir, file);
  const read = (file: string) => fs.readFileSync(at(file), 'utf8');
  const released = JSON.parse(read(FILES.released)) as OpenApiDoc;
  const current = JSON.parse(read(FILES.current)) as OpenApiDoc;
  const readme = read(FILES.readme);
  const { failures, announced } = check(released, current, readme);
  for (const change of announced) console.log(`announced: ${change.operation} ${change.subject ?? ''} ${change.change}`);
  if (failures.length > 0) {
    console.error(`Breaking API changes since ${released.info.version} (${FILES.released} -> ${FILES.current}):`);
    for (const failure of failures) console.error(`  - ${failure}`);
    console.error(`Announce each in README.md "${README_SECTION}" (see its first paragraph), or keep the old form.`);
    return 1;
  }
  if (args.includes('--release')) {
    if (compareVersions(current.info.version, released.info.version) <= 0) {
      console.error(`Version ${current.info.version} is already released: bump "version" in package.json and update the snapshot first.`);
      return 1;
    }
    fs.copyFileSync(at(FILES.current), at(FILES.released));
    const next = `#### Unreleased\n\nNo breaking change is announced at present.\n\n#### ${current.info.version}`;
    fs.writeFileSync(at(FILES.readme), readme.replace(/^#### Unreleased[ \t]*$/m, next));
    console.log(`${FILES.released} is now ${current.info.version}; README's announcements moved under "#### ${current.info.version}".`);
    return 0;
  }
  if (compareVersions(current.info.version, released.info.version) !== 0) {
    console.error(
      `The document is version ${current.info.version} but ${FILES.released} is ${released.info.version}: run \`npm run openapi:release\`.`,
    );
    return 1;
  }
  console.log(`OpenAPI: no unannounced breaking change since ${released.info.version}.`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
