// The whole data model. Times are integers in milliseconds since the epoch
// (except Lucia's expires_at, which the adapter stores in seconds).
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** A saved layout's team settings (issue 42). */
export type LayoutTeamSettings = { teamMode: 'solo' | 'open' | 'assigned'; maxTeamSize: number; teamSwitchAfterStart: boolean };

/** A map point as the API sends it; polygons are lists of these (the play area, no-go zones). */
export type LatLngPoint = { lat: number; lng: number };

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const users = sqliteTable(
  'users',
  {
  id: text('id').primaryKey(),
  /** Null for guest hunters, who have only a handle within one game session. */
  username: text('username').unique(),
  email: text('email').unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  role: text('role', { enum: ['gamemaster', 'hunter', 'admin'] }).notNull(),
  passwordHash: text('password_hash'),
  isGuest: integer('is_guest', { mode: 'boolean' }).notNull().default(false),
  sessionCredits: integer('session_credits').notNull().default(0),
  accountStatus: text('account_status').notNull().default('active'),
  stripeCustomerId: text('stripe_customer_id'),
  /**
   * Whether the owner of `email` confirmed it (issue #45). Registration writes false; accounts older
   * than the column, and those the seed or an admin makes, count as confirmed (decision 993).
   */
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at').notNull().default(now),
  },
  // Usernames and emails are unique whatever their case.
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
  ],
);

/**
 * Lucia's session table. A guest hunter's session is bound to one game session. `id` holds the
 * SHA-256 of the token the cookie carries (src/server/auth/lucia.ts), never the token itself.
 */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    gameSessionId: integer('game_session_id'),
    /** Absolute end of the sign-in (seconds, like expires_at): renewal never extends expires_at past it. Always set by startSession; 0 (ended) for rows older than the column. */
    absoluteExpiresAt: integer('absolute_expires_at').notNull().default(0),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const subscriptionPlans = sqliteTable('subscription_plans', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  price: text('price').notNull(),
  interval: text('interval').notNull().default('week'),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull(),
  maxSessions: integer('max_sessions'),
  maxPlayersPerSession: integer('max_players_per_session').notNull(),
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const subscriptions = sqliteTable('subscriptions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: integer('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id),
  status: text('status', {
    enum: ['active', 'incomplete', 'past_due', 'canceled'],
  }).notNull(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  currentPeriodEnd: integer('current_period_end'),
  /** The game master cancelled: the plan stays active until currentPeriodEnd, then ends (decision 750). */
  cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
});

/** One-time purchases of session credits. */
export const creditPurchases = sqliteTable('credit_purchases', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull(),
  amountCents: integer('amount_cents').notNull(),
  stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull(),
  createdAt: integer('created_at').notNull().default(now),
});

/** Webhook events already handled: replaying one changes nothing. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at').notNull().default(now),
});

export const dinosaurSpecies = sqliteTable('dinosaur_species', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  scientificName: text('scientific_name'),
  description: text('description'),
  rarity: text('rarity'),
  dietType: text('diet_type'),
  locomotionType: text('locomotion_type'),
  length: text('length'),
  weight: text('weight'),
  health: integer('health').notNull().default(100),
  captureRate: real('capture_rate').notNull().default(0.5),
  /** Path under /uploads, e.g. "models/tyrannosaurus-rex.glb". */
  modelPath: text('model_path'),
  /** The model's file name as the admin uploaded it (display only; the stored name is server-made). */
  modelOriginalName: text('model_original_name'),
  /** Knowledge facts the species card teaches (issue #44): geological period, and where its fossils were found. */
  period: text('period'),
  fossilSites: text('fossil_sites'),
  createdAt: integer('created_at').notNull().default(now),
});

export const missions = sqliteTable('missions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description'),
  coverPhotoPath: text('cover_photo_path'),
  briefingVideoPath: text('briefing_video_path'),
  /** File names as the admin uploaded them (display only). */
  coverPhotoOriginalName: text('cover_photo_original_name'),
  briefingVideoOriginalName: text('briefing_video_original_name'),
  difficulty: text('difficulty'),
  duration: integer('duration'),
  maxPlayers: integer('max_players').notNull().default(20),
  objectives: text('objectives', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  createdAt: integer('created_at').notNull().default(now),
});

export const gameSessions = sqliteTable(
  'game_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** foldKey(name): joining by name ignores case in every script, which SQLite's ASCII-only lower() cannot. */
    nameKey: text('name_key'),
    /** Shared secret the game master hands out; shown to the owner, never to hunters. */
    password: text('password').notNull(),
    maxPlayers: integer('max_players').notNull(),
    missionId: integer('mission_id').references(() => missions.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['preparing', 'active', 'started', 'paused', 'completed'],
    })
      .notNull()
      .default('preparing'),
    duration: integer('duration').notNull(),
    scheduledStartTime: integer('scheduled_start_time'),
    startTime: integer('start_time'),
    /** When the pause in progress began, or null. */
    pausedAt: integer('paused_at'),
    /** Sum of completed pauses, so remaining time survives restarts. */
    pausedTotalMs: integer('paused_total_ms').notNull().default(0),
    endTime: integer('end_time'),
    /** Why a completed session ended (domain/session-outcome); null before it ends, and for sessions ended before the column. */
    endedReason: text('ended_reason', { enum: ['ended_by_game_master', 'time_up'] }),
    briefingVideoUrl: text('briefing_video_url'),
    coverPhotoUrl: text('cover_photo_url'),
    description: text('description'),
    /** The play area the game master drew (a simple polygon, vertices in order), or null: play anywhere. */
    playArea: text('play_area', { mode: 'json' }).$type<LatLngPoint[]>(),
    /** No-go zones inside the play area (roads, water): simple polygons hunters must not enter. */
    noGoZones: text('no_go_zones', { mode: 'json' }).$type<LatLngPoint[][]>().notNull().default(sql`'[]'`),
    /** A public expedition (decision 835): listed to signed-in hunter accounts, who join it without the password. */
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    /** Where hunters of a public expedition meet (both or neither). */
    meetingLat: real('meeting_lat'),
    meetingLng: real('meeting_lng'),
    /** A line for hunters finding the meeting point ("By the fountain"), or null. */
    meetingNote: text('meeting_note'),
    /** solo (today's game), open or assigned teams (issue 42). */
    teamMode: text('team_mode', { enum: ['solo', 'open', 'assigned'] }).notNull().default('solo'),
    /** Most hunters a team may hold (2 up to max_players); unused while solo. */
    maxTeamSize: integer('max_team_size').notNull().default(4),
    /** Whether hunters may switch or leave their team once the session has started. */
    teamSwitchAfterStart: integer('team_switch_after_start', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    index('game_sessions_owner_idx').on(t.ownerId),
    index('game_sessions_status_idx').on(t.status),
    index('game_sessions_name_key_idx').on(t.nameKey),
    index('game_sessions_public_idx').on(t.isPublic, t.status),
  ],
);

/** A team of one game session (issue 42): its hunters are the session_players rows naming it. */
export const teams = sqliteTable(
  'teams',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** teamNameKey(name): names are unique in a session whatever their case, Unicode form or accents. */
    nameKey: text('name_key').notNull(),
    /** The join code (domain/teams generateTeamCode), unique in the session. */
    code: text('code').notNull(),
    color: text('color').notNull(),
    /** A locked team is joined only with its code (or by the game master's assignment). */
    locked: integer('locked', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('teams_session_name_key_uq').on(t.sessionId, t.nameKey),
    uniqueIndex('teams_session_code_uq').on(t.sessionId, t.code),
  ],
);

/** A hunter (account or guest) in one game session. */
export const sessionPlayers = sqliteTable(
  'session_players',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    /** foldKey(handle): handles are unique within a session whatever their case or Unicode form. */
    handleKey: text('handle_key'),
    dartsRemaining: integer('darts_remaining').notNull().default(25),
    dartsUsed: integer('darts_used').notNull().default(0),
    reportsSubmitted: integer('reports_submitted').notNull().default(0),
    photosTaken: integer('photos_taken').notNull().default(0),
    distanceTraveledM: real('distance_traveled_m').notNull().default(0),
    lastLat: real('last_lat'),
    lastLng: real('last_lng'),
    lastAccuracy: real('last_accuracy'),
    lastPrecision: text('last_precision'),
    lastPositionAt: integer('last_position_at'),
    /** The last fix that counted toward distance_traveled_m (GPS jitter below a fix's accuracy does not count). */
    anchorLat: real('anchor_lat'),
    anchorLng: real('anchor_lng'),
    anchorAt: integer('anchor_at'),
    completionTime: integer('completion_time'),
    /**
     * Where the server last judged the hunter from their fixes (domain/play-area zoneStateOf, decision 811):
     * inside, outside_area or in_no_go; null before the first fix, or while the session has no play area.
     */
    zoneState: text('zone_state', { enum: ['inside', 'outside_area', 'in_no_go'] }),
    /** When zone_state last changed (ms). */
    zoneChangedAt: integer('zone_changed_at'),
    joinedAt: integer('joined_at').notNull().default(now),
    /**
     * A guest's rejoin key: sha256 of `{sessionId}:{the browser's hunter key cookie}` (decision 740).
     * The same browser may come back as this hunter after a logout; null once forgotten, and for accounts.
     */
    rejoinKey: text('rejoin_key'),
    /** When the game master removed this hunter from the session (decision 836), or null. A removed hunter cannot rejoin. */
    removedAt: integer('removed_at'),
    /** The hunter's team (issue 42), or null: none, or a solo session. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('session_players_session_user_uq').on(t.sessionId, t.userId),
    index('session_players_team_idx').on(t.teamId),
    uniqueIndex('session_players_session_handle_uq').on(t.sessionId, t.handle),
    uniqueIndex('session_players_session_handle_key_uq').on(t.sessionId, t.handleKey),
    // Achievements add up an account's hunts (issue 29).
    index('session_players_user_idx').on(t.userId),
  ],
);

export const sessionDinosaurs = sqliteTable(
  'session_dinosaurs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    speciesId: integer('species_id')
      .notNull()
      .references(() => dinosaurSpecies.id),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    health: integer('health').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('session_dinosaurs_session_idx').on(t.sessionId)],
);

/** Every observation attempt (one dart each); success decided by the server. */
export const observations = sqliteTable(
  'observations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => sessionPlayers.id, { onDelete: 'cascade' }),
    dinosaurId: integer('dinosaur_id').notNull(),
    speciesId: integer('species_id').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull(),
    distanceM: real('distance_m').notNull(),
    /** The hunter's team when they observed (it scores for that team, decision 973), or null. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    index('observations_session_player_idx').on(t.sessionId, t.playerId),
    index('observations_team_idx').on(t.teamId),
    // A dinosaur counts once per hunter.
    uniqueIndex('observations_success_uq')
      .on(t.playerId, t.dinosaurId)
      .where(sql`success = 1`),
  ],
);

/** Position history: distance travelled and the live map; purged 48 h after the session ends. */
export const positions = sqliteTable(
  'positions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => sessionPlayers.id, { onDelete: 'cascade' }),
    lat: real('lat').notNull(),
    lng: real('lng').notNull(),
    accuracy: real('accuracy').notNull(),
    precision: text('precision').notNull(),
    recordedAt: integer('recorded_at').notNull(),
  },
  (t) => [index('positions_session_player_idx').on(t.sessionId, t.playerId, t.recordedAt)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    senderUserId: text('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderLabel: text('sender_label').notNull(),
    senderRole: text('sender_role').notNull(),
    message: text('message').notNull(),
    messageType: text('message_type').notNull(),
    mediaType: text('media_type'),
    mediaUrl: text('media_url'),
    recipientType: text('recipient_type').notNull(),
    quickAction: text('quick_action'),
    lat: real('lat'),
    lng: real('lng'),
    /** recipient_type 'team': the team whose channel it is in (its hunters and headquarters read it). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    index('messages_session_idx').on(t.sessionId, t.id),
    // Hunter stats count one sender's reports and photos on every poll: without it, every message of the session.
    index('messages_session_sender_idx').on(t.sessionId, t.senderUserId, t.mediaType),
    // Every request for an uploaded file finds its message (who may see it) by its URL (decision 713).
    index('messages_media_url_idx').on(t.mediaUrl).where(sql`media_url IS NOT NULL`),
  ],
);

/** Append-only log of real-time events: reconnecting clients catch up from their last id. */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id'),
    type: text('type').notNull(),
    /** Who may see it: 'all', 'owner' (game master and admins), or 'user:<id>'. */
    audience: text('audience').notNull().default('all'),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('events_session_idx').on(t.sessionId, t.id)],
);

export const sessionResults = sqliteTable('session_results', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => gameSessions.id, { onDelete: 'cascade' }),
  completionStatus: text('completion_status').notNull(),
  completionRate: integer('completion_rate').notNull(),
  dinosaursFound: integer('dinosaurs_found').notNull(),
  totalDinosaurs: integer('total_dinosaurs').notNull(),
  createdAt: integer('created_at').notNull().default(now),
});

/**
 * Achievements earned (issue 29, decision 830): one row per hunter (user) and (key, tier), so a
 * replayed event never awards twice. `player_id` is the hunt it was earned in (the end dialog lists
 * that hunt's). A guest who keeps theirs moves these rows with its hunter record (decision 832).
 */
export const earnedAchievements = sqliteTable(
  'earned_achievements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => sessionPlayers.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** bronze, silver, gold, or 'single' for an achievement without tiers. */
    tier: text('tier').notNull(),
    earnedAt: integer('earned_at').notNull(),
  },
  (t) => [
    uniqueIndex('earned_achievements_user_key_tier_uq').on(t.userId, t.key, t.tier),
    index('earned_achievements_player_idx').on(t.playerId),
    index('earned_achievements_session_idx').on(t.sessionId),
  ],
);

/** A dinosaur of a saved layout: which species, where (issue 26, decision 822). */
export type LayoutDinosaur = { speciesId: number; lat: number; lng: number };

/**
 * A game master's saved layout for a place they use often: the play area, its no-go zones and
 * the dinosaurs, copied from one of their sessions and applied to a new one (decision 822).
 */
export const gmLayouts = sqliteTable(
  'gm_layouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** foldKey(name): one layout per name and game master, whatever the case. */
    nameKey: text('name_key').notNull(),
    playArea: text('play_area', { mode: 'json' }).$type<LatLngPoint[]>(),
    noGoZones: text('no_go_zones', { mode: 'json' }).$type<LatLngPoint[][]>().notNull().default(sql`'[]'`),
    dinosaurs: text('dinosaurs', { mode: 'json' }).$type<LayoutDinosaur[]>().notNull().default(sql`'[]'`),
    /** The session's team mode, max team size and switch rule (issue 42); null for layouts saved before teams. */
    teamSettings: text('team_settings', { mode: 'json' }).$type<LayoutTeamSettings>(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('gm_layouts_owner_name_uq').on(t.ownerId, t.nameKey)],
);

/**
 * Rate-limit counts shared by the processes of a cluster (issue #28, decision 885): one row per
 * limited key. A fixed window ("message:<user>") holds the points used and when its window ends; a
 * token bucket ("position:<player>") holds its tokens at `at`, and `expires_at` is when it is full
 * again. A row past `expires_at` means the same as no row: the sweep deletes them (a scan: no index, so
 * every take can be a HOT update). Times are clock
 * readings in ms for the arithmetic of one statement (db/rate-limits.ts), never shown nor backed up.
 * On SQLite (one process) the limits count in memory; the table is here for the two schemas' parity.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: real('points').notNull(),
  at: integer('at').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

// --- Challenges (issue #44): species questions, typed objectives, progress, answers and hints ---

/** A question about a species: multiple choice (correct_choice indexes choices) or a number (within tolerance). Answers never leave the server before a hunter answered. */
export const speciesQuestions = sqliteTable(
  'species_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    speciesId: integer('species_id')
      .notNull()
      .references(() => dinosaurSpecies.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    kind: text('kind', { enum: ['choice', 'number'] }).notNull(),
    choices: text('choices', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    correctChoice: integer('correct_choice'),
    correctNumber: real('correct_number'),
    /** A number answer counts when within this distance of correct_number. */
    tolerance: real('tolerance').notNull().default(0),
    /** The clue a hint shows (optional). */
    clue: text('clue'),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('species_questions_species_idx').on(t.speciesId)],
);

/** The fields an objective's check needs; a mission's and a session's objectives share them. */
const challengeColumns = () => ({
  position: integer('position').notNull().default(0),
  kind: text('kind', {
    enum: ['observe_count', 'observe_species', 'observe_rare', 'quiz', 'reach_point', 'photo_at_place'],
  }).notNull(),
  title: text('title').notNull(),
  /** observe_count: how many dinosaurs; observe_species: how many of that species. */
  target: integer('target'),
  speciesId: integer('species_id'),
  questionId: integer('question_id'),
  latitude: real('latitude'),
  longitude: real('longitude'),
  radiusM: real('radius_m'),
  points: integer('points').notNull().default(10),
  /** Minutes from the session's start; null means no limit. */
  timeLimitMin: integer('time_limit_min'),
  createdAt: integer('created_at').notNull().default(now),
});

/** A mission's typed objectives as the admin authored them; copied into each session that uses the mission. */
export const missionChallenges = sqliteTable(
  'mission_challenges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    ...challengeColumns(),
  },
  (t) => [index('mission_challenges_mission_idx').on(t.missionId)],
);

/** One session's objectives: the mission's, copied at first use, then adjustable by the game master. */
export const sessionChallenges = sqliteTable(
  'session_challenges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    ...challengeColumns(),
  },
  (t) => [index('session_challenges_session_idx').on(t.sessionId)],
);

/** A session's challenge settings; its row also marks the mission's objectives as copied. */
export const sessionChallengeSettings = sqliteTable('session_challenge_settings', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => gameSessions.id, { onDelete: 'cascade' }),
  hintCost: integer('hint_cost').notNull().default(5),
  hintAllowance: integer('hint_allowance').notNull().default(3),
  createdAt: integer('created_at').notNull().default(now),
});

/** One hunter's progress on one session objective. */
export const challengeProgress = sqliteTable(
  'challenge_progress',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => sessionChallenges.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => sessionPlayers.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    /** open, pending (a photo waiting for the game master), done, failed (quiz attempts used up, or refused). */
    status: text('status', { enum: ['open', 'pending', 'done', 'failed'] }).notNull().default('open'),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /** Wrong quiz answers given (each costs points). */
    wrongAnswers: integer('wrong_answers').notNull().default(0),
    /** photo_at_place: the uploaded message (media) the game master judges. */
    mediaMessageId: integer('media_message_id'),
    completedAt: integer('completed_at'),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('challenge_progress_challenge_player_uq').on(t.challengeId, t.playerId)],
);

/** Every quiz answer a hunter gave (the attempt limit counts these). */
export const questionAttempts = sqliteTable(
  'question_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => sessionChallenges.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => sessionPlayers.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    correct: integer('correct', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('question_attempts_player_idx').on(t.playerId, t.challengeId)],
);

/** Hints a hunter took, with what each cost. */
export const challengeHints = sqliteTable(
  'challenge_hints',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => sessionPlayers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['direction', 'clue'] }).notNull(),
    challengeId: integer('challenge_id'),
    cost: integer('cost').notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('challenge_hints_player_idx').on(t.playerId)],
);

export type SpeciesQuestionRow = typeof speciesQuestions.$inferSelect;
export type SessionChallengeRow = typeof sessionChallenges.$inferSelect;
export type MissionChallengeRow = typeof missionChallenges.$inferSelect;

/**
 * Single-use links mailed to an account (issue #45): a password reset, the confirmation of an
 * address. `token_hash` is the SHA-256 of the token the link carries, never the token itself;
 * `email` is the address a confirmation confirms. A used token's row is deleted.
 */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId)],
);

/**
 * The mail queue (issue #45, decision 991): a request writes its mail here and returns; the process
 * that leads sends it (mail/mail-queue.ts), retrying with backoff until MAIL_MAX_ATTEMPTS. A send is
 * claimed by one conditional update (status queued -> sending, until `claimed_until`), so one process
 * of a cluster sends each mail. Once sent over SMTP the bodies are emptied (they may hold a link);
 * without SMTP_URL they stay: that is the development outbox (status `logged`).
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    /** The account the mail is about (its rate limit), null for none. */
    userId: text('user_id'),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'logged', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    claimedUntil: integer('claimed_until'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export type UserRow = typeof users.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;
export type SpeciesRow = typeof dinosaurSpecies.$inferSelect;
export type MissionRow = typeof missions.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type GmLayoutRow = typeof gmLayouts.$inferSelect;
