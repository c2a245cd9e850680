// The prose of the OpenAPI document: what Swagger UI at /api/docs shows above the
// operations and what client generators copy into their comments. Markdown.

export const API_DESCRIPTION = `
REST API of Dinohunt, the GPS-driven AR dinosaur hunting platform. Every path below is relative to \`/api\`.
Requests and answers are plain JSON (dates as ISO strings), except the uploads (\`multipart/form-data\`) and the
admin downloads. The same procedures serve our own client over tRPC at \`/trpc\`.

## Authenticate from a script

Sign in with \`POST /api/auth/login\` (or \`POST /api/auth/register\`, or \`POST /api/hunter/join-session\` for a
guest hunter). The answer sets the \`dinohunt_session\` cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS).
Keep it and send it back as a \`Cookie\` header on every later call; \`POST /api/auth/logout\` ends it.
Operations that list no security requirement (\`security: []\`) need no cookie. On this page, run the login
operation with "Try it out": the browser keeps the cookie for the calls after it (the Authorize button cannot set
an HttpOnly cookie).

\`\`\`sh
curl -c jar.txt -H 'content-type: application/json' \\
  -d '{"username":"gm1","password":"Fossil-Trail-42"}' http://localhost:3000/api/auth/login
curl -b jar.txt http://localhost:3000/api/game-sessions
\`\`\`

Node's \`fetch\` keeps no cookies: keep the one from \`set-cookie\` yourself, for example as an
[openapi-fetch](https://openapi-ts.dev/openapi-fetch/) middleware over types made by
\`npx openapi-typescript http://localhost:3000/api/openapi.json -o dinohunt.d.ts\`:

\`\`\`ts
let cookie = '';
const api = createClient<paths>({ baseUrl: 'http://localhost:3000/api' });
api.use({
  onRequest: ({ request }) => { if (cookie) request.headers.set('cookie', cookie); },
  onResponse: ({ response }) => {
    const set = response.headers.getSetCookie().find((c) => c.startsWith('dinohunt_session='));
    if (set) cookie = set.split(';')[0];
  },
});
\`\`\`

## Worked example: join a hunt and observe a dinosaur

A game master gives hunters the session id and password. A guest hunter then needs no account:

1. \`POST /api/hunter/join-session\` with \`{ "sessionId": 12, "password": "raptor", "hunterHandle": "Ada" }\`
   answers \`{ sessionId, hunterHandle, sessionName, status }\` and sets the cookie, bound to this session.
2. \`GET /api/game-dinosaurs/12\` lists the deployed dinosaurs (id, species, position) once the session is started.
3. \`POST /api/game-sessions/12/location\` with \`{ "lat": 48.8586, "lng": 2.2945, "accuracy": 8 }\` reports
   where the hunter stands. The server measures every distance from the last accepted position.
4. \`POST /api/hunter/observation\` with \`{ "sessionId": 12, "dinosaurId": 34 }\` spends a dart and answers
   \`{ success, outcome: "observed" | "missed" | "out_of_range", message, dartsRemaining, ... }\`.
5. \`GET /api/hunter/stats?sessionId=12\` reads the hunter's darts and observations;
   \`POST /api/game-sessions/12/upload-media\` (multipart: \`media\`, \`message\`, \`recipientType\`) radios a photo
   to headquarters.

## Errors

Every failure answers \`{ "error": "<message>" }\` with its HTTP status: 400 invalid input (with
\`data.fieldErrors\`, the message of each field), 401 not signed in, 403 not allowed, 404 not found, 409 conflict
or limit, 413 too large, 415 unsupported content type, 429 too many attempts (\`Retry-After\`), 503 the database or
file storage unavailable for a moment (\`Retry-After\`: try again), 507 the server's storage full (nothing was
saved). Never a stack trace.
JSON bodies are at most 16 KB (413 \`Request body is too large\`) and 32 levels deep (400 \`JSON body is nested too
deeply\`); uploads are multipart, with their own limits.

## Versions

\`info.version\` is the server's release. A change that could break a client (a path, field or message removed or
renamed, a field made required) is announced in the README's "API changes" section before it ships; additions
(new operations, new optional fields) may come in any release.
`.trim();

/** One line per tag: Swagger UI shows it above the tag's operations. */
export const TAGS: Array<{ name: string; description: string }> = [
  { name: 'auth', description: 'Accounts and sign-in. Login, registration and guest joins set the `dinohunt_session` cookie.' },
  {
    name: 'game-sessions',
    description: 'A game master creates, starts, pauses and ends timed hunts; owners and players read time, stats and results.',
  },
  {
    name: 'hunter',
    description: 'Joining a hunt (as a guest or a hunter account), observing dinosaurs and reading one hunter\'s own stats.',
  },
  {
    name: 'expeditions',
    description: 'Public expeditions: sessions a game master lists for hunter accounts, who join them without the password.',
  },
  { name: 'dinosaurs', description: 'Dinosaurs deployed on a session\'s map: placed by its game master, listed to its players.' },
  {
    name: 'play-area',
    description:
      'The play area and no-go zones a game master draws for a session; dinosaurs are placed only inside, and the server ' +
      'judges from reported positions whether each hunter is inside, outside or in a no-go zone.',
  },
  {
    name: 'teams',
    description:
      "Teams of a session (issue 42): solo, open (hunters create teams and join them from the list or by a code) or " +
      'assigned (the game master makes and fills them); team score and ranking. A hunter never reads another team\'s ' +
      'code, channel or positions.',
  },
  {
    name: 'communications',
    description: 'Messages between headquarters and hunters (text or a photo/video upload), and hunters\' live positions.',
  },
  {
    name: 'billing',
    description: 'Weekly game master plans and session credits. Without Stripe keys plans activate at once, without charge.',
  },
  {
    name: 'admin',
    description: 'The species catalogue, missions, game masters and their credits, backups and analytics. Admins only, except reading species and missions.',
  },
  { name: 'system', description: 'Public settings the client needs at start.' },
  {
    name: 'places',
    description: "HQ's map: place search through the server's geocoder (cached, one request a second) and where the game master last played.",
  },
  {
    name: 'achievements',
    description: 'Achievements hunters earn as they hunt (decided by the server): the catalogue, a hunter\'s own, a session\'s for its game master, and a guest keeping theirs with a new account.',
  },
];
