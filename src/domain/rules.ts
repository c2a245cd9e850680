// The game's rules: every limit, constant and timing of the two specifications, and the rules we added
// where they are silent (accounts, security policy, sessions, play, screens). Nothing else in the code base
// writes one of these numbers by hand. Game rules only: the server's plumbing (socket and stream limits, lock
// keys, NOTIFY channels, pool sizes, caches, timeouts, timer ticks) lives beside the code that uses it
// (src/server/<area>/limits.ts, src/server/db/constants.ts), and the wire's settings that the browser and
// the server share are in transport.ts (decision 963).

// --- Accounts (accounts spec, sections 5 and 9) ---
export const MIN_USERNAME_LENGTH = 3;
/** The specification's minimum; new passwords now need MIN_NEW_PASSWORD_LENGTH (docs/security.md). */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_HUNTER_HANDLE_LENGTH = 3;
/** Upper bounds we add so no field can grow without limit. */
export const MAX_NAME_LENGTH = 80;
export const MAX_USERNAME_LENGTH = 40;
/** RFC 5321's limit on an address's length. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_HUNTER_HANDLE_LENGTH = 32;
export const SELF_REGISTRATION_ROLES = ['gamemaster', 'hunter'] as const;
export const USER_ROLES = ['gamemaster', 'hunter', 'admin'] as const;

// --- Client timing (accounts spec, section 9) ---
export const LOGIN_REDIRECT_MS = 500;
export const REGISTRATION_REDIRECT_MS = 100;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const GAMEMASTER_GUARD_REDIRECT_MS = 1000;
export const CURRENT_USER_STALE_MS = 30_000;
export const QUERY_RETRIES = 1;
/** Data queries in general: stale at once, cache lifetime 0 (the current user has its own 30 s). */
export const QUERY_STALE_MS = 0;
export const QUERY_CACHE_MS = 0;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the visible notice (the toaster viewport's hotkey). */
export const TOAST_VIEWPORT_HOTKEY = 'F8';

// --- Subscriptions (accounts spec, section 9) ---
export const PLAN_INTERVAL = 'week' as const;
export const ROLLING_WEEK_MS = 7 * 24 * 60 * 60 * 1000;

// --- Sessions (live-play spec, sections 5 and 9) ---
export const MAX_PLAYER_OPTIONS = [10, 15, 20, 25] as const;
export const DEFAULT_MAX_PLAYERS = 25;
export const DURATION_OPTIONS_MIN = [15, 30, 45, 60, 90, 120] as const;
export const MIN_DURATION_MIN = 15;
export const MAX_DURATION_MIN = 120;
export const DEFAULT_DURATION_MIN = 120;
export const FALLBACK_DURATION_MIN = 60;
export const MAX_DINOSAURS_PER_SESSION = 15;
export const MISSION_DEFAULT_MAX_PLAYERS = 20;
export const SESSION_STATUSES = ['preparing', 'active', 'started', 'paused', 'completed'] as const;
/** Statuses in which hunters may see a session's dinosaurs. */
export const HUNTER_VISIBLE_STATUSES = ['active', 'started'] as const;
/** Statuses the hunter client treats as playable. */
export const PLAYABLE_STATUSES = ['active', 'started', 'preparing'] as const;
export const TARGETABLE_DINOSAUR_STATUSES = ['active', 'alive', 'deployed'] as const;

// --- Hunters ---
export const DEFAULT_DARTS = 25;
export const MISSION_COMPLETE_DIALOG_DELAY_MS = 10_000;
export const DISTANCE_BAR_FULL_KM = 5;
export const COMMS_VISIBLE_MESSAGES = 10;
export const BRIEFING_SAFETY_DISTANCE_M = 50;
/** Observation range decided by us (the spec is silent): a hunter must be this close, by the server's reckoning. */
export const OBSERVATION_RANGE_M = 100;
/** Positions are deleted this long after a session ends (privacy policy). */
export const GPS_RETENTION_MS = 48 * 60 * 60 * 1000;

// --- Species ---
export const SPECIES_DEFAULT_HEALTH = 100;
export const SPECIES_DEFAULT_CAPTURE_RATE = 0.5;
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export const DIET_TYPES = ['carnivore', 'herbivore', 'omnivore'] as const;
export const LOCOMOTION_TYPES = ['bipedal', 'quadrupedal'] as const;
export const MISSION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const DEFAULT_CREDITS_PROMPT = 5;

// --- Communications ---
export const MESSAGE_TYPES = ['text', 'broadcast', 'hunter', 'quick_action', 'media', 'comms'] as const;
/** 'team': one team's channel (its hunters and headquarters; issue 42). */
export const RECIPIENT_TYPES = ['all', 'headquarters', 'hunters', 'team'] as const;
export const QUICK_ACTIONS = [
  'target_spotted',
  'request_backup',
  'mark_location',
  'area_clear',
  'low_ammo',
  'emergency_exit',
] as const;
export const MAX_MESSAGE_LENGTH = 2000;
export const GAME_MASTER_LABEL = 'GAME MASTER';
/** Message list page size (GET communications), and the most one page may ask for. */
export const COMMS_PAGE_SIZE = 50;
export const COMMS_MAX_PAGE_SIZE = 200;
/** Text stored with a quick action when the client sends none (the spec does not show the wording). */
export const QUICK_ACTION_TEXT = {
  target_spotted: 'Target spotted!',
  request_backup: 'Requesting backup!',
  mark_location: 'Location marked',
  area_clear: 'Area clear',
  low_ammo: 'Low on darts!',
  emergency_exit: 'Emergency exit!',
} as const;
/** Media messages: jpeg photos and mp4 videos only, judged by content. */
export const MEDIA_KINDS = ['jpeg', 'mp4'] as const;
/** Largest position accuracy the server stores, metres (coarse network fixes are a few km). */
export const MAX_REPORTED_ACCURACY_M = 100_000;

// --- Uploads ---
export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
export const MAX_MODEL_BYTES = 50 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MODEL_EXTENSIONS = ['glb', 'gltf', 'fbx', 'obj'] as const;
/**
 * /model-test's two fixed uploaded models, under UPLOADS_DIR: their own copies,
 * installed at every start, so no species edit or delete removes them.
 */
export const MODEL_TEST_MODELS = [
  { name: 'Tyrannosaurus rex', path: 'models/model-test/tyrannosaurus-rex.glb' },
  { name: 'Triceratops', path: 'models/model-test/triceratops.glb' },
] as const;

// --- Polling intervals (live-play spec, section 9) ---
export const POLL_MESSAGES_TERMINAL_MS = 2000;
export const POLL_MESSAGES_GAMEMASTER_MS = 3000;
export const POLL_MESSAGES_FIELD_OPS_MS = 5000;
export const POLL_HUNTER_STATS_MS = 3000;
export const POLL_DINOSAURS_TERMINAL_MS = 5000;
export const POLL_DINOSAURS_FIELD_OPS_MS = 10_000;
export const POLL_TIME_STATUS_MS = 30_000;
export const POLL_GM_HUNTER_STATS_MS = 5000;
/**
 * How long a live screen's first socket may take to open before the screen polls as if it were down (decision
 * 918). A socket opens in well under a second; polling from the first moment set and then cleared a timer per
 * query, and redrew every screen that polls once it opened. A socket that never opens (a proxy that refuses
 * WebSockets) costs this much before the first poll's own interval starts.
 */
export const LIVE_FIRST_OPEN_GRACE_MS = 3000;
/** How long after load a page waits (then for an idle moment) before it registers the service worker (decision 921). */
export const SERVICE_WORKER_SETTLE_MS = 3000;

// --- Countdown badge thresholds ---
export const TIME_WARNING_MIN = 15;
export const TIME_CRITICAL_MIN = 5;

// --- Scanner (live-play spec, sections 4 and 9) ---
export const EARTH_RADIUS_M = 6_371_000;
export const SCAN_STEPS = 10;
export const SCAN_STEP_MS = 150;
export const DETECTION_RADIUS_M = 1000;
export const IMMEDIATE_THREAT_M = 25;
export const SIGNAL_MAX = 100;
export const SIGNAL_MAX_LOSS = 90;
export const SIGNAL_MIN = 10;

// --- GPS (both specs, sections 4 and 9) ---
export const ULTRA_HIGH_ACCURACY_M = 2;
export const HIGH_ACCURACY_M = 5;
export const DEFAULT_FIX_ACCURACY_M = 5;
export const SMOOTHING_MIN_SAMPLES = 3;
export const SMOOTHING_HISTORY = 10;
export const LEGACY_SMOOTHING_MIN_SAMPLES = 2;
export const LEGACY_MAX_SAMPLES = 15;
export const FUSION_HISTORY = 10;
export const FUSION_MIN_GOOD = 3;
export const FUSION_GOOD_ACCURACY_M = 50;
export const OUTLIER_MAX_SPEED_MPS = 100;
export const OUTLIER_ACCURACY_FACTOR = 3;
export const OUTLIER_ACCURACY_FLOOR_M = 50;
export const DEFAULT_LOCATION = { lat: 45.5017, lng: -73.5673, accuracy: 1000 } as const;
export const GPS_CASCADE = [
  { mode: 'ultra_high', timeoutMs: 5000, maximumAgeMs: 0 },
  { mode: 'high', timeoutMs: 8000, maximumAgeMs: 30_000 },
  { mode: 'standard', timeoutMs: 12_000, maximumAgeMs: 60_000 },
] as const;
export const GPS_FIRST_FIX_TIMEOUT_MS = 5000;
export const GPS_WATCH_TIMEOUT_MS = 3000;
export const GPS_WATCH_MAX_AGE_MS = 100;
export const GPS_BUTTON_TIMEOUT_MS = 10_000;
export const GPS_LEGACY_WATCH_TIMEOUT_MS = 15_000;
export const GPS_LEGACY_WATCH_MAX_AGE_MS = 1000;
export const GPS_ULTRA_WATCH_TIMEOUT_MS = 30_000;
/** The hunter terminal's own acquisition timeouts (live-play spec, section 9: "60 s or 30 s"). */
export const GPS_TERMINAL_TIMEOUTS_MS = [60_000, 30_000] as const;
export const GPS_DENIED_NOTICE_MS = 10_000;

// --- Map ---
export const HUNTER_ZOOM = 18;
export const GAMEMASTER_ZOOM = 13;
export const MIN_ZOOM = 10;
export const MAX_ZOOM = 22;
export const MAX_NATIVE_TILE_ZOOM = 19;
export const DINOSAUR_MARKER_PX = 50;

// --- Time units ---
export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60_000;
export const SECONDS_PER_MINUTE = 60;
export const MINUTES_PER_HOUR = 60;

// --- Countdown (live-play spec, section 4; REST time-status) ---
/** timeRemaining value meaning "no time limit" (the spec: any negative value). */
export const NO_TIME_LIMIT = -1;

// --- GPS fusion (ours, beyond the spec; tuned with `npm run bench:gps`) ---
/** White-acceleration spectral density of the steady-walking model, m^2/s^3. */
export const FUSION_PROCESS_NOISE_M2_S3 = 0.05;
/** White-acceleration spectral density of the turning/starting model, m^2/s^3. */
export const FUSION_MANEUVER_NOISE_M2_S3 = 1;
/**
 * Per-axis measurement sigma as a multiple of the reported accuracy. Phones report the 68 %
 * horizontal radius, which for a 2-D Gaussian is about 1.5 sigma per axis; 1/sqrt(2) makes the
 * radial RMS error equal the accuracy (variance = accuracy^2 / 2 per axis).
 */
export const FUSION_MEASUREMENT_SIGMA_PER_ACCURACY = Math.SQRT1_2;
/** Prior speed uncertainty of a new track, m/s (a brisk walk). */
export const FUSION_INITIAL_SPEED_SIGMA_MPS = 2;
/** Innovation gate: chi-square, 2 degrees of freedom, 99.99 %. */
export const FUSION_GATE_CHI2 = 18.42;
/** Consecutive rejected fixes after which the filter recovers instead of rejecting. */
export const FUSION_REINIT_AFTER_REJECTS = 3;
/**
 * Step of the filter's own timeline when a device's clock repeats itself or goes
 * back for more than FUSION_REINIT_AFTER_REJECTS fixes in a row: about one fix a second.
 */
export const FUSION_CLOCK_STEP_MS = 1000;
/** Position random walk of the standing-still motion model, m^2/s. */
export const FUSION_STILL_NOISE_M2_S = 0.0001;
/** Mean time a hunter keeps walking before stopping, seconds (motion-model switching). */
export const FUSION_WALKING_TIME_S = 200;
/** Mean duration of a turn or start (the turning model), seconds. */
export const FUSION_MANEUVER_TIME_S = 10;
/** Mean time a hunter keeps standing before walking on, seconds (motion-model switching). */
export const FUSION_STANDING_TIME_S = 3000;

// --- Admin catalogue (ours: upper bounds the spec leaves open) ---
export const MAX_CATALOGUE_NAME_LENGTH = 120;
export const MAX_CATALOGUE_SHORT_TEXT_LENGTH = 60;
export const MAX_CATALOGUE_TEXT_LENGTH = 4000;
export const MAX_SPECIES_HEALTH = 10_000;
export const MAX_MISSION_MAX_PLAYERS = 100;
export const MAX_MISSION_DURATION_MIN = 24 * 60;
export const MAX_MISSION_OBJECTIVES = 20;
export const MAX_OBJECTIVE_LENGTH = 300;
/** Largest single grant of session credits by an admin. */
export const MAX_CREDITS_GRANT = 10_000;
/** Session statuses in which a session is live (its species and owner are in use). */
export const LIVE_SESSION_STATUSES = ['preparing', 'active', 'started', 'paused'] as const;
/** Session statuses counted as "Active Sessions" on the admin overview. */
export const RUNNING_SESSION_STATUSES = ['active', 'started', 'paused'] as const;

// --- Billing (ours where the spec is silent; see docs/decisions/100-*) ---
/** Plan prices are US dollars, as the legal text's liability cap is. */
export const BILLING_CURRENCY = 'usd';
/** Session credits are sold in one fixed bundle: each credit is one session beyond the weekly plan allowance. */
export const CREDIT_BUNDLE_CREDITS = 5;
export const CREDIT_BUNDLE_PRICE = '9.99';
export const CREDIT_BUNDLE_PRICE_CENTS = 999;
export const SUBSCRIPTION_STATUSES = ['active', 'incomplete', 'past_due', 'canceled', 'none'] as const;
/** How long the checkout waits for Stripe.js before saying the provider is unreachable. */
export const STRIPE_JS_LOAD_TIMEOUT_MS = 10_000;

// --- Sessions: server-side timing and observations (ours; docs/decisions/200-*) ---
/** A scheduled start this little in the past (a minute-precision picker set to "now") still counts as now. */
export const SCHEDULE_GRACE_MS = 60_000;
/** How far ahead a start may be scheduled: a year, so a typo in the year is caught, not stored. */
export const MAX_SCHEDULE_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;
/** A second attempt on the same dinosaur by the same hunter within this time is a double submit: refused, no dart. */
export const OBSERVATION_REPEAT_MS = 2000;
/** The hunter's last reported position must be at most this old for an observation. */
export const OBSERVATION_POSITION_MAX_AGE_MS = 120_000;

// --- Security hardening (ours, OWASP ASVS 5.0 L2; docs/security.md) ---
/** Window of AUTH_RATE_LIMIT: sign-in, registration and join attempts per client address. */
export const AUTH_ATTEMPT_WINDOW_S = 60;
/** Failed password sign-ins of one account (whatever address) before its password sign-in locks for unknown browsers (decision 720). */
export const ACCOUNT_LOCK_FAILURES = 10;
/** Window in which those failures count, and how long the lock lasts. */
export const ACCOUNT_LOCK_WINDOW_S = 15 * 60;
/** Wrong passwords for one game session from one address (whatever door) before joining it locks for that address (decision 720). */
export const SESSION_JOIN_LOCK_FAILURES = 20;
export const SESSION_JOIN_LOCK_WINDOW_S = 15 * 60;
/**
 * Wrong passwords for one game session from all addresses together (whatever door) before joining it locks
 * for every browser not known to it (decision 930): many addresses guess no faster than SESSION_JOIN_LOCK_FAILURES
 * and a half, a class typing it wrong on first try does not reach it. Window: SESSION_JOIN_LOCK_WINDOW_S.
 */
export const SESSION_JOIN_SESSION_LOCK_FAILURES = 30;
/**
 * Wrong session passwords one signed-in account may type (all sessions, all addresses) before joining
 * sessions it is not known to locks for that account (decision 930), as ACCOUNT_LOCK_FAILURES for sign-in.
 * Window: SESSION_JOIN_LOCK_WINDOW_S.
 */
export const SESSION_JOIN_ACCOUNT_LOCK_FAILURES = 10;
/** Session passwords chosen at creation, with SESSION_PASSWORD_KINDS (decision 931; existing, weaker ones keep working for joining). */
export const MIN_SESSION_PASSWORD_LENGTH = 8;
/** Kinds of characters (letters, digits, anything else) a new session password mixes at least (decision 931). */
export const SESSION_PASSWORD_KINDS = 2;
/** A sign-in ends after this long without a request (Lucia renews it while in use, at most up to the absolute end). */
export const SIGN_IN_IDLE_MS = 12 * 60 * 60 * 1000;
/** A sign-in ends this long after it began, however busy. */
export const SIGN_IN_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A guest's sign-in ends this long after its game session ended (time for the end dialog and the results). */
export const GUEST_SIGN_IN_GRACE_MS = 60 * 60 * 1000;
/** How long a mailed password-reset link works (OWASP: short-lived; issue #45). Single use. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** How long a mailed address-confirmation link works. Single use. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
/** New passwords (registration, password change); existing accounts keep signing in with older, shorter ones. */
export const MIN_NEW_PASSWORD_LENGTH = 8;
/** A session paused or preparing with no activity this long ends itself (its data then follows GPS_RETENTION_MS). */
export const ABANDONED_SESSION_MS = 24 * 60 * 60 * 1000;

// --- GPS acquisition and position reports (ours where the spec is silent; see src/domain/gps-acquisition.ts) ---
/** The terminal's low-accuracy retry (after the cascade times out) accepts a cached network fix this old. */
export const GPS_LOW_ACCURACY_MAX_AGE_MS = 60_000;
/** The Enable GPS button asks for a fresh fix (no cache), within GPS_BUTTON_TIMEOUT_MS. */
export const GPS_BUTTON_MAX_AGE_MS = 0;
/** A hunter's position is sent to the server about this often while it holds still... */
export const POSITION_REPORT_INTERVAL_MS = 3000;
/** ...or as soon as it has moved this far since the last report, whichever comes first... */
export const POSITION_REPORT_MIN_MOVE_M = 5;
/** ...but never more often than this. */
export const POSITION_REPORT_MIN_INTERVAL_MS = 1000;
/** A held position is re-sent (heartbeat) only while its last fix is at most this old: no stale fix passes for fresh. */
export const POSITION_REPORT_MAX_FIX_AGE_MS = 60_000;
/** Heading from movement: the hunter must have moved this far (metres) since the last heading point. */
export const HEADING_MIN_MOVE_M = 3;
/** The device's own heading is used only at this speed or more (phones give noise, or NaN, when standing). */
export const HEADING_MIN_SPEED_MPS = 0.5;

// --- AR view (ours; the spec only says "AR view of the nearest dinosaur"; see src/domain/ar-geometry.ts) ---
/** A target farther than this is drawn at this distance (scaled down), so it stays visible in AR. */
export const AR_DISPLAY_DISTANCE_CAP_M = 20;
/** A target nearer than this is drawn at this distance: closer, the model would fill the screen or sit on the user. */
export const AR_DISPLAY_DISTANCE_MIN_M = 3;
/** A capped target is shrunk at most to this fraction of life size, so a far one is still recognisable. */
export const AR_MIN_DISPLAY_SCALE = 0.25;
/** Below this distance (metres) the GPS bearing is noise: the readout says the target is here. */
export const AR_BEARING_RELIABLE_M = 1;
/** The phone's eye height above the ground assumed by the camera overlay, metres. */
export const AR_EYE_HEIGHT_M = 1.5;
/** Heading calibration (WebXR): samples needed, and the largest spread (degrees) that still counts as holding still. */
export const AR_CALIBRATION_SAMPLES = 30;
export const AR_CALIBRATION_MAX_SPREAD_DEG = 8;
/** Give up waiting for compass readings after this long (WebXR calibration, camera overlay start). */
export const AR_COMPASS_TIMEOUT_MS = 4000;
/** The placed dinosaur is re-placed only after the hunter's GPS position has moved this far (never with every fix). */
export const AR_REPLACE_AFTER_MOVE_M = 10;
/** Camera overlay: fraction of the way to the newest orientation per frame (quaternion slerp). */
export const AR_ORIENTATION_SMOOTHING = 0.2;
/** A compass accuracy worse than this (degrees, where the device reports one) shows the calibrate hint. */
export const AR_COMPASS_POOR_ACCURACY_DEG = 15;
/** Camera overlay vertical field of view, degrees (a typical phone rear camera in portrait). */
export const AR_CAMERA_FOV_DEG = 60;

// --- Lockout that attackers cannot turn against users (issue 24, accounts; decision 720) ---
/** Failed sign-ins one known browser (a valid device cookie) may make within DEVICE_LOCK_WINDOW_S; the last one puts its cookie on the lockout list. */
export const DEVICE_LOCK_FAILURES = 10;
export const DEVICE_LOCK_WINDOW_S = 15 * 60;
/** A device cookie lasts this long (a new one comes with every successful sign-in or join). */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Game sessions a device cookie remembers having joined, newest first. */
export const DEVICE_COOKIE_SESSIONS = 10;
// --- Guest identity, session states and connection state (issue 23, helper "identity"; decisions 740-743) ---
/** How long a browser keeps its hunter key (the cookie that lets a guest rejoin as the same hunter), seconds: 30 days. */
export const HUNTER_KEY_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Random bytes of a browser's hunter key. */
export const HUNTER_KEY_BYTES = 32;
/** 'Back online' stays on screen this long after the connection returns. */
export const CONNECTION_BACK_NOTICE_MS = 4000;
/** The Hunter Terminal's current tab survives a reload (sessionStorage) under this key, per session. */
export const TERMINAL_TAB_STORAGE_KEY = 'dinohunt_terminal_tab';
/**
 * The Comms list stays in the cache this long after its tab closes (the spec's cache lifetime is 0): switching
 * tabs offline still shows what the screen had rather than 'No communications yet'. 30 minutes.
 */
export const COMMS_CACHE_MS = 30 * 60 * 1000;
// --- Abuse resistance: position budget, body limits, image decoding (issue 24, helper "http"; decision 710) ---
/**
 * Position reports per hunter per game session: a token bucket refilled at the client's own fastest
 * pace (one report per POSITION_REPORT_MIN_INTERVAL_MS) with room for a burst of this many (a
 * reconnect, two tabs, network jitter). A flood stores at most the burst plus one a second.
 */
export const POSITION_BUDGET_BURST = 10;
export const POSITION_BUDGET_REFILL_MS = POSITION_REPORT_MIN_INTERVAL_MS;
/** Stored photos are scaled down to fit this many pixels on their long side (never enlarged). */
export const MAX_STORED_IMAGE_SIDE_PX = 4096;
// --- Game master and admin (issue 23, helper gmadmin; decisions 750-759) ---
/** HQ re-reads the game master's credits this often while the page is open (a fallback to the live event). */
export const GM_CREDITS_REFRESH_MS = 60_000;
/** 'Past hunts' at HQ lists this many ended sessions, newest first. */
export const PAST_HUNTS_SHOWN = 20;
// --- Hunt loop (issue 23, helper huntloop; docs/decisions/730-*, 731-*) ---
/** GPS chip colours (ours; the spec's 2 m / 5 m thresholds name the tiers only): a fix this good or better reads green. */
export const GPS_GOOD_FIX_M = 15;
/** AR camera overlay: the model's height as a fraction of the picture's height, near (at or under AR_FRAME_FILL_NEAR_M)... */
export const AR_FRAME_FILL_NEAR = 0.5;
/** ...and far (at or beyond AR_FRAME_FILL_FAR_M); in between it shrinks with the logarithm of the distance. */
export const AR_FRAME_FILL_FAR = 0.2;
export const AR_FRAME_FILL_NEAR_M = 10;
export const AR_FRAME_FILL_FAR_M = 1000;
// --- GM field kit: map and markers (issue 26, helper mapkit; decisions 815-819) ---
/** HQ's map of a session without dinosaurs opens at this zoom where the game master last played: a park fills the screen. */
export const HQ_PLAY_ZOOM = 16;
/** Place search: a query shorter or longer than this is refused (characters, after trimming). */
export const PLACE_QUERY_MIN_CHARS = 2;
export const PLACE_QUERY_MAX_CHARS = 200;
/** Places one search answers with. */
export const PLACE_RESULTS_MAX = 5;
/** Place searches a minute per game master (the screen searches on submit only). */
export const PLACE_SEARCHES_PER_MINUTE = 20;
/** The search box ignores a second submit sooner than this after the last one (no autocomplete hammering). */
export const PLACE_SEARCH_DEBOUNCE_MS = 1000;
/** A species' mark on map markers and icons: at most this many letters (a 50 px badge). */
export const SPECIES_MARK_MAX_CHARS = 3;
// --- Achievements (issue 29, helper achieve; decisions 830-834) ---
/** Tier names, lowest first: a tiered achievement is earned at each threshold in turn. */
export const ACHIEVEMENT_TIERS = ['bronze', 'silver', 'gold'] as const;
/** Successful observations, across every hunt of the hunter (Field Observer). */
export const ACHIEVEMENT_OBSERVATIONS = [5, 25, 100] as const;
/** Different species observed (Naturalist). */
export const ACHIEVEMENT_SPECIES = [3, 6, 10] as const;
/** Metres walked, from the server's distance travelled (Trailblazer). */
export const ACHIEVEMENT_DISTANCE_M = [1_000, 5_000, 20_000] as const;
/** Darts fired (Dart Thrower). */
export const ACHIEVEMENT_DARTS = [10, 50, 200] as const;
/** Reports (messages of any kind) sent to the session (Field Reporter). */
export const ACHIEVEMENT_REPORTS = [1, 10, 50] as const;
/** Photos sent to the session (Wildlife Photographer). */
export const ACHIEVEMENT_PHOTOS = [1, 10, 50] as const;
/** Hunts played to their end (Veteran). */
export const ACHIEVEMENT_HUNTS = [1, 5, 20] as const;
/** Hunts in which the hunter found every deployed dinosaur (Full House). */
export const ACHIEVEMENT_FULL_HUNTS = [1, 5, 15] as const;
/** Team Player: hunts played to their end in a team (issue 42). */
export const ACHIEVEMENT_TEAM_HUNTS = [1, 5, 20] as const;
/** Successful observations in a row, without a missed dart between them, in one hunt (Hot Streak). */
export const ACHIEVEMENT_STREAK = 5;
/** 'Not a Dart Wasted' needs a hunt of at least this many dinosaurs, all found without a miss. */
export const ACHIEVEMENT_CLEAN_HUNT_MIN_DINOSAURS = 3;
/** The phone's buzz when an achievement is earned (navigator.vibrate pattern, ms). */
export const ACHIEVEMENT_VIBRATION_MS = [120, 60, 120] as const;
/** How long the phone's "Achievement earned" toast stays (ms), and how many show at once. */
export const ACHIEVEMENT_TOAST_MS = 6_000;
export const ACHIEVEMENT_TOASTS_SHOWN = 3;
// --- Play area and safety (issue 26, helper "area"; decisions 810-814) ---
/** Corners of the play area or of one no-go zone, at most (a drawn street block needs a few dozen). */
export const MAX_PLAY_AREA_VERTICES = 100;
/** No-go zones per session, at most. */
export const MAX_NO_GO_ZONES = 10;
/**
 * Corners of the area and all its zones together, at most: one save must fit the JSON body limit
 * (MAX_JSON_BODY_BYTES, 16 KB) with room to spare; a corner is about 45 bytes of JSON.
 */
export const MAX_PLAY_AREA_TOTAL_VERTICES = 250;
/** A polygon smaller than this (square metres) is a slip of the mouse, not an area. */
export const MIN_PLAY_AREA_SQ_M = 10;
/**
 * Hysteresis of the hunter's zone state (decision 811): a hunter inside counts as outside (or in a
 * no-go zone) once the fix is past the line by this many metres, and back inside once this far
 * back; in between the last state holds, so GPS jitter along a boundary does not flicker alerts.
 */
export const ZONE_HYSTERESIS_M = 5;
/** The phone's vibration when a hunter leaves the play area or enters a no-go zone: buzz, pause, buzz, pause, buzz (ms). */
export const ZONE_VIBRATION_MS = [400, 150, 400, 150, 400] as const;
// --- Every hunt kept, replayed and re-run (issue 26, helper hunts; decisions 820-824) ---
/** A replay sends at most this many positions in all (every hunter's path together; decision 820)... */
export const REPLAY_MAX_POINTS = 6000;
/** ...and at most this many per hunter: longer paths are thinned evenly in time, first and last fix kept. */
export const REPLAY_MAX_POINTS_PER_HUNTER = 1000;
/** The replay plays this many seconds of the hunt per second at normal speed... */
export const REPLAY_SPEED_DEFAULT = 30;
/** ...and offers these speeds. */
export const REPLAY_SPEEDS = [10, 30, 60, 120] as const;
/** The replay's clock advances this often while it plays (milliseconds). */
export const REPLAY_TICK_MS = 100;
/** Saved layouts a game master may keep (decision 822). */
export const MAX_LAYOUTS_PER_GM = 20;
/** A saved layout's name, in characters. */
export const LAYOUT_NAME_MAX = 60;
// --- Public expeditions and removing a hunter (issue 29, helper expedition; decisions 835-839) ---
/** The public expedition list shows at most this many sessions (nearest first, or soonest first without a position). */
export const EXPEDITIONS_LISTED_MAX = 50;
/** A meeting point's note (where exactly to meet) is at most this long. */
export const MAX_MEETING_NOTE_LENGTH = 140;
/**
 * A meeting point belongs to its hunt when it is at most this far from the hunt's play area or one of its
 * dinosaurs (issue #46: a point saved at the map's default place read "5505.25 km away" in the play area).
 * Run again copies only such a point; a walk of a few kilometres to the start stays possible.
 */
export const MEETING_POINT_MAX_FROM_HUNT_M = 5_000;
/** The hunter's screen re-reads the public expedition list this often while it is open (spots change as hunters join). */
export const POLL_EXPEDITIONS_MS = 30_000;
/** The expedition list accepts a position this old from the browser (it only sorts by distance)... */
export const EXPEDITION_POSITION_MAX_AGE_MS = 5 * 60_000;
/** ...and waits this long for one before sorting by start time. */
export const EXPEDITION_POSITION_TIMEOUT_MS = 8_000;

// ---- Phone speed, second round (issue #25, slice "phone2"; decisions 850-852) ----
/**
 * A page without the app's router (the landing and sign-in pages' own entries) goes on by a full page load;
 * a notice shown less than this long before (the join welcome) stays on screen until then, as the account
 * sign-in's LOGIN_REDIRECT_MS wait does, and is then handed to the next page.
 */
export const FULL_LOAD_NOTICE_MS = 500;

// --- Admin user search (issue #46) ---
/** GET /admin/users answers at most this many accounts (best matches by name); a longer query narrows it. */
export const ADMIN_USER_SEARCH_MAX = 50;
/** The longest search text it accepts. */
export const ADMIN_USER_SEARCH_TEXT_MAX = 100;
// --- Teams (issue 42; decisions 972-979) ---
/** solo: today's game (the default); open: hunters make and join teams; assigned: the game master makes and fills them. */
export const TEAM_MODES = ['solo', 'open', 'assigned'] as const;
export const DEFAULT_TEAM_MODE = 'solo';
/** A team's size limit: at least this, at most the session's player cap. */
export const MIN_TEAM_SIZE = 2;
/** The size limit a team session gets when its game master names none (capped to the player cap). */
export const DEFAULT_MAX_TEAM_SIZE = 4;
export const MAX_TEAMS_PER_SESSION = 20;
export const MIN_TEAM_NAME_LENGTH = 2;
export const MAX_TEAM_NAME_LENGTH = 32;
/** A team's join code: this many characters of TEAM_CODE_ALPHABET (about 8.9e8 codes). */
export const TEAM_CODE_LENGTH = 6;
/** Capitals and digits a person reads aloud without doubt: no I, L, O, 0 or 1. */
export const TEAM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Teams' colours on HQ's map and lists, in the order new teams take them (distinct at a glance, readable on white). */
export const TEAM_COLORS = [
  '#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324', '#469990', '#800000',
  '#808000', '#000075', '#bfef45', '#fabed4', '#dcbeff', '#ffd8b1', '#aaffc3', '#a9a9a9', '#ffe119', '#000000',
] as const;
/** Team creations, joins, switches and leaves one hunter may make in one session per window (decision 976). */
export const TEAM_CHANGES_PER_WINDOW = 10;
export const TEAM_CHANGE_WINDOW_S = 60;
/** Wrong team codes one account may type in one session per window before codes are refused for it (decision 976). */
export const TEAM_CODE_GUESSES_PER_WINDOW = 10;
export const TEAM_CODE_GUESS_WINDOW_S = 15 * 60;
