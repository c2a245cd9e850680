import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  announcements,
  type BreakingChange,
  breakingChanges,
  check,
  compareVersions,
  describeChange,
  FILES,
  isAnnounced,
  main,
  type OpenApiDoc,
} from './openapi-diff';

/** A small released document: one GET with a query parameter, one POST with a body, one shared schema. */
function released(): OpenApiDoc {
  return {
    info: { version: '1.2.0' },
    paths: {
      '/hunter/stats': {
        get: {
          parameters: [{ name: 'sessionId', in: 'query', required: true, schema: { type: 'integer', exclusiveMinimum: 0 } }],
          responses: {
            200: {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      dartsUsed: { type: 'integer' },
                      hunterName: { type: 'string' },
                      observations: { type: 'array', items: { $ref: '#/components/schemas/Observation' } },
                    },
                    required: ['dartsUsed', 'hunterName'],
                  },
                },
              },
            },
            404: { description: 'Session not found' },
          },
        },
      },
      '/hunter/observation': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    sessionId: { type: 'integer' },
                    distance: { type: 'number' },
                    note: { type: ['string', 'null'], maxLength: 200 },
                    mode: { type: 'string', enum: ['dart', 'photo'] },
                  },
                  required: ['sessionId'],
                },
              },
            },
          },
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Observation: {
          type: 'object',
          properties: { species: { type: 'string' }, at: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
          required: ['species', 'at'],
        },
      },
    },
  };
}

type Mutable = {
  paths: Record<string, Record<string, Record<string, any>>>;
  components: { schemas: Record<string, any> };
};
/** A copy of the released document, changed by `edit`. */
function changed(edit: (doc: Mutable) => void): OpenApiDoc {
  const doc = structuredClone(released());
  edit(doc as unknown as Mutable);
  return doc;
}
const statsAnswer = (doc: Mutable) => doc.paths['/hunter/stats']!.get!.responses[200].content['application/json'].schema;
const observationBody = (doc: Mutable) => doc.paths['/hunter/observation']!.post!.requestBody.content['application/json'].schema;
const summary = (changes: BreakingChange[]) => changes.map((c) => `${c.operation} ${c.subject ?? '-'}: ${c.change}`);

describe('breakingChanges', () => {
  it('finds none between a document and itself, nor in additions', () => {
    expect(breakingChanges(released(), released())).toEqual([]);
    const added = changed((doc) => {
      doc.paths['/hunter/new'] = { get: { responses: { 200: { description: 'ok' } } } };
      doc.paths['/hunter/stats']!.post = { responses: { 200: { description: 'ok' } } };
      statsAnswer(doc).properties.extra = { type: 'string' };
      observationBody(doc).properties.optional = { type: 'string' };
      doc.paths['/hunter/stats']!.get!.responses[429] = { description: 'Too many' };
      observationBody(doc).properties.distance = { type: ['number', 'null'] }; // widened
      observationBody(doc).properties.note.maxLength = 500; // widened
      observationBody(doc).properties.mode.enum.push('net'); // a value more accepted
      statsAnswer(doc).required.push('observations'); // an answer field now always there
      doc.paths['/hunter/stats']!.get!.parameters.push({ name: 'page', in: 'query', schema: { type: 'integer' } });
    });
    expect(breakingChanges(released(), added)).toEqual([]);
  });

  it('finds a removed path, method and answer', () => {
    const doc = changed((d) => {
      delete d.paths['/hunter/observation'];
      delete d.paths['/hunter/stats']!.get!.responses[404];
    });
    expect(summary(breakingChanges(released(), doc))).toEqual([
      'GET /api/hunter/stats 404: answer (response status) removed',
      '/api/hunter/observation -: path removed',
    ]);
    const noMethod = changed((d) => {
      d.paths['/hunter/observation']!.put = d.paths['/hunter/observation']!.post!;
      delete d.paths['/hunter/observation']!.post;
    });
    expect(summary(breakingChanges(released(), noMethod))).toEqual(['POST /api/hunter/observation -: method removed']);
  });

  it('finds a field removed from an answer, also behind a $ref inside an array', () => {
    const doc = changed((d) => {
      delete statsAnswer(d).properties.dartsUsed;
      delete d.components.schemas.Observation.properties.species;
    });
    expect(summary(breakingChanges(released(), doc))).toEqual([
      'GET /api/hunter/stats dartsUsed: field removed from the answer (answer 200)',
      'GET /api/hunter/stats observations[].species: field removed from the answer (answer 200)',
    ]);
  });

  it('finds an answer field that may now be missing or null', () => {
    const doc = changed((d) => {
      statsAnswer(d).required = ['dartsUsed'];
      statsAnswer(d).properties.dartsUsed = { type: ['integer', 'null'] };
    });
    expect(summary(breakingChanges(released(), doc))).toEqual([
      'GET /api/hunter/stats dartsUsed: type changed: integer -> integer | null (answer 200)',
      'GET /api/hunter/stats hunterName: field no longer always in the answer (not required any more) (answer 200)',
    ]);
  });

  it('finds request fields made required, new required fields and parameters', () => {
    const doc = changed((d) => {
      observationBody(d).required.push('distance', 'dinosaurId');
      observationBody(d).properties.dinosaurId = { type: 'integer' };
      d.paths['/hunter/stats']!.get!.parameters.push({ name: 'page', in: 'query', required: true, schema: { type: 'integer' } });
    });
    expect(summary(breakingChanges(released(), doc))).toEqual([
      'GET /api/hunter/stats page: new required query parameter',
      'POST /api/hunter/observation distance: request field made required',
      'POST /api/hunter/observation dinosaurId: new required request field',
    ]);
  });

  it('finds request types narrowed: a type, null, a limit, an enum value, a pattern', () => {
    const doc = changed((d) => {
      const body = observationBody(d);
      body.properties.distance = { type: 'integer' };
      body.properties.note = { type: 'string', maxLength: 100 };
      body.properties.mode = { type: 'string', enum: ['dart'] };
      body.properties.sessionId = { type: 'integer', pattern: '^[0-9]+$' };
    });
    expect(summary(breakingChanges(released(), doc))).toEqual([
      'POST /api/hunter/observation sessionId: pattern narrowed: none -> ^[0-9]+$',
      'POST /api/hunter/observation distance: type narrowed: number -> integer',
      'POST /api/hunter/observation note: type narrowed: string | null -> string',
      'POST /api/hunter/observation note: maxLength narrowed: 200 -> 100',
      'POST /api/hunter/observation mode: values no longer accepted: "photo"',
    ]);
  });

  it('finds a removed request field and a removed parameter', () => {
    const doc = changed((d) => {
      delete observationBody(d).properties.distance;
      d.paths['/hunter/stats']!.get!.parameters = [];
    });
    expect(summary(breakingChanges(released(), doc))).toEqual([
      'GET /api/hunter/stats sessionId: query parameter removed',
      'POST /api/hunter/observation distance: request field removed',
    ]);
  });

  it('compares the real released document with itself without a finding', () => {
    const doc = JSON.parse(fs.readFileSync(FILES.released, 'utf8')) as OpenApiDoc;
    expect(breakingChanges(doc, structuredClone(doc))).toEqual([]);
  });
});

const README = `
# Dinohunt

### API changes

Announce breaking changes here.

#### Unreleased

- \`GET /api/hunter/stats\`: \`dartsUsed\` is removed from the answer;
  read \`darts.used\` instead.
- \`/api/hunter/observation\` is removed.

Text after the list, naming \`hunterName\`, announces nothing.

#### 1.2.0

- \`POST /api/hunter/observation\`: \`distance\` removed.

#### 1.3.0

- \`GET /api/hunter/stats\`: answer \`404\` removed.

## Layout

- \`POST /api/hunter/observation\`: \`note\` (not in the section)
`;

describe('announcements in README', () => {
  it('reads the bullets of Unreleased and of versions newer than the released one, and nothing past the section', () => {
    expect(announcements(README, '1.2.0')).toEqual([
      ['GET /api/hunter/stats', 'dartsUsed', 'darts.used'],
      ['/api/hunter/observation'],
      ['GET /api/hunter/stats', '404'],
    ]);
    expect(announcements('# No such section', '1.0.0')).toEqual([]);
  });

  it('matches a change by operation (or path) and subject', () => {
    const bullets = announcements(README, '1.2.0');
    const stats = 'GET /api/hunter/stats';
    expect(isAnnounced({ operation: stats, subject: 'dartsUsed', change: 'x' }, bullets)).toBe(true);
    expect(isAnnounced({ operation: stats, subject: 'hunterName', change: 'x' }, bullets)).toBe(false);
    expect(isAnnounced({ operation: stats, subject: '404', change: 'x' }, bullets)).toBe(true);
    expect(isAnnounced({ operation: 'POST /api/hunter/observation', subject: 'distance', change: 'x' }, bullets)).toBe(false);
    expect(isAnnounced({ operation: 'POST /api/hunter/observation', subject: 'note', change: 'x' }, bullets)).toBe(false);
    expect(isAnnounced({ operation: '/api/hunter/observation', change: 'path removed' }, bullets)).toBe(true);
  });

  it('compares versions by number', () => {
    expect(compareVersions('0.10.0', '0.9.1')).toBeGreaterThan(0);
    expect(compareVersions('1.2.0', '1.2')).toBe(0);
    expect(compareVersions('1.2.0', '1.3.0')).toBeLessThan(0);
  });
});

describe('check', () => {
  it('fails on an unannounced change with a message naming the field and the README section', () => {
    const doc = changed((d) => {
      delete statsAnswer(d).properties.hunterName;
    });
    const { failures } = check(released(), doc, README);
    expect(failures).toEqual([
      'GET /api/hunter/stats `hunterName`: field removed from the answer (answer 200). Not announced: README.md, section "API changes", needs a bullet under "#### Unreleased" naming `GET /api/hunter/stats` and `hunterName`.',
    ]);
  });

  it('passes an announced one', () => {
    const doc = changed((d) => {
      delete statsAnswer(d).properties.dartsUsed;
      delete d.paths['/hunter/observation'];
      delete d.paths['/hunter/stats']!.get!.responses[404];
    });
    const result = check(released(), doc, README);
    expect(result.failures).toEqual([]);
    expect(result.announced).toHaveLength(3);
  });

  it('no longer counts announcements of a release already made', () => {
    const doc = changed((d) => {
      delete d.paths['/hunter/stats']!.get!.responses[404];
    });
    const at130 = { ...released(), info: { version: '1.3.0' } };
    expect(check(at130, doc, README).failures).toHaveLength(1);
  });

  it('describes a change without subject by its operation alone', () => {
    expect(describeChange({ operation: 'GET /api/x', change: 'method removed' })).toContain('naming `GET /api/x`.');
  });
});

describe('the command', () => {
  /** A project directory with the three files, the current document at `version`. */
  function project(current: OpenApiDoc, readme = README): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-diff-'));
    fs.mkdirSync(path.join(dir, path.dirname(FILES.current)), { recursive: true });
    fs.writeFileSync(path.join(dir, FILES.released), JSON.stringify(released()));
    fs.writeFileSync(path.join(dir, FILES.current), JSON.stringify(current));
    fs.writeFileSync(path.join(dir, FILES.readme), readme);
    return dir;
  }
  const quiet = () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    return errors;
  };

  it('fails on a removed answer field, naming it and the README section', () => {
    const errors = quiet();
    const dir = project(changed((d) => delete statsAnswer(d).properties.hunterName));
    expect(main([], dir)).toBe(1);
    expect(errors.join('\n')).toContain('GET /api/hunter/stats `hunterName`: field removed from the answer');
    expect(errors.join('\n')).toContain('section "API changes"');
    vi.restoreAllMocks();
  });

  it('fails while the version is bumped but not released, and releases it', () => {
    const errors = quiet();
    const bumped = { ...changed(() => {}), info: { version: '1.3.0' } };
    const dir = project(bumped, README);
    expect(main([], dir)).toBe(1);
    expect(errors.join('\n')).toContain('run `npm run openapi:release`');
    // The announced changes of README's Unreleased pass; none here.
    expect(main(['--release'], dir)).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, FILES.released), 'utf8')).info.version).toBe('1.3.0');
    const readme = fs.readFileSync(path.join(dir, FILES.readme), 'utf8');
    expect(readme).toMatch(/#### Unreleased\n\nNo breaking change is announced at present\.\n\n#### 1\.3\.0\n/);
    expect(main([], dir)).toBe(0);
    expect(main(['--release'], dir)).toBe(1);
    expect(errors.at(-1)).toContain('already released');
    vi.restoreAllMocks();
  });
});
