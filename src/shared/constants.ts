/** Every number of spec §9 (and the spec's other fixed values) lives here, named once. */

export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;
/** Levels of a board's warning (docs/domain.md §3), least urgent first. */
export const WARNING_LEVELS = ['info', 'warning', 'critical'] as const;
/** The element the overview wall's server-drawn first frame is shown in, over the app (client components/wall/first-frame-dom.ts). */
export const WALL_FRAME_ID = 'wall-frame';
export const DEFAULT_LOCALE = 'cn' as const;
export const LOCALES = ['cn', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
/** Rows a listAll answers at most (docs/api.md); a longer match is cut there and the answer says so. */
export const LIST_ALL_MAX_ROWS = 5000;
/** The notification bell shows its user's latest this many (docs/maintenance.md "Assignment and notifications"). */
export const NOTIFICATION_LIST_LIMIT = 30;
/** Pagination layouts of spec §9, kept verbatim. */
export const PAGINATION_LAYOUT = 'total, sizes, prev, pager, next';
export const TABLE_PAGER_LAYOUT = 'total, ->, prev, pager, next';

export const TABLE_MODES = ['pager', 'scroll', 'virtual'] as const;
export type TableMode = (typeof TABLE_MODES)[number];
export const SCROLL_THROTTLE_MS = 200;
export const SCROLL_DISTANCE = 0;
export const ROW_HEIGHTS = { default: 48, medium: 44, small: 41, mini: 37 } as const;
export type RowSize = keyof typeof ROW_HEIGHTS;
export const DRAG_ANIMATION_MS = 150;
export const MIN_COLUMN_WIDTH = 80;
/** The row checkbox column: one checkbox and its padding. */
export const SELECTION_COLUMN_WIDTH = 40;
export const TABLE_HEADER_HEIGHT = 44;
export const TREE_INDENT = 16;
export const TABLE_DEBOUNCE_MS = 20;
export const TABLE_THROTTLE_MS = 50;

export const DIALOG_WIDTH = '60%';
export const DIALOG_HEIGHT = '70%';
export const DIALOG_HEADER_HEIGHT = 46;
export const DIALOG_FOOTER_HEIGHT = 54;
export const DIALOG_MIN_WIDTH = 300;
export const DIALOG_MIN_HEIGHT = 150;
export const DIALOG_DRAG_DELAY_MS = 100;
export const DIALOG_SPIN_DELAY_MS = 100;
export const MODAL_BASE_Z_INDEX = 2000;
/** Dropdowns, date pickers, menus, popovers and tooltips: above every open dialog (dialogs stack from MODAL_BASE_Z_INDEX up, one a dialog) and the notifications, so a picker opened inside a dialog takes the click. */
export const OVERLAY_Z_INDEX = MODAL_BASE_Z_INDEX + 500;

export const SELECT_SEARCH_DEBOUNCE_MS = 300;
export const INFINITE_SCROLL_DELAY_MS = 200;
export const INFINITE_SCROLL_DISTANCE = 0;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MOCK_DELAY_MIN_MS = 50;
export const MOCK_DELAY_MAX_MS = 200;
export const ANALYTICS_BATCH_DELAY_MS = 3000;
/** Most usage analytics events one batch may carry (POST /analytics/events). */
export const ANALYTICS_BATCH_MAX = 100;
export const MESSAGE_DURATION_MS = 3000;
export const NOTIFICATION_DURATION_MS = 4500;

export const STORAGE_KEYS = {
  userInfo: 'USER_INFO',
  token: 'TOKEN',
  perms: 'PERMS',
  access: '__MY_ACCESS__',
  language: 'LANGUAGE',
  tabs: 'CASCADE_TABS',
  layout: 'CASCADE_LAYOUT',
  /** The one project a visitor session (login2) opened: where the visitor belongs. */
  visitorProject: 'CASCADE_VISITOR_PROJECT',
} as const;
export const AUTH_HEADER = 'Authorization';
export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/403';
export const LOGIN_API_PATH = '/sys/login';

export const REGION_HEIGHT = 60; // north and south
export const REGION_WIDTH = 256; // west and east
export const HEADER_HEIGHT = 60;
export const FOOTER_HEIGHT = 60;

export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;
export const GRID_COLUMNS = 24;
export const FORM_LABEL_WIDTH = 100;
export const FORM_GUTTER = 12;
export const DETAIL_LABEL_WIDTH = 120;

export const ICON_THEMES = ['default', 'success', 'warning', 'danger', 'info', 'primary'] as const;
export type IconTheme = (typeof ICON_THEMES)[number];

/** Response codes of spec §8 plus the ones docs/domain.md §1 adds. */
export const CODE = {
  success: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  error: 500,
  /** The database cannot be reached (restarting, failed over, connections cut): try again shortly. */
  unavailable: 503,
  /** The server's disk is full (ENOSPC, PostgreSQL 53100): nothing was written. */
  diskFull: 507,
} as const;

export const SUPER_USER_ID = 1;
export const CAPTCHA_TTL_MS = 5 * 60_000;

// Secrets and limits: nothing sent where it should not go (docs/security.md)
/** How long a ticket for a stream, a download or a frame stays valid after it is issued. */
export const TICKET_TTL_MS = 60_000;
/** Unexpired tickets one session may hold: a page's clicks and reconnects need a few, a loop asking for them gets 429. */
export const MAX_TICKETS_PER_SESSION = 60;
/** Event streams one session may hold open at once (a wall and a few tabs); the next gets 429. */
export const MAX_STREAMS_PER_SESSION = 8;
/** Outbound HTTP calls (camera cloud) give up after this long. */
export const OUTBOUND_TIMEOUT_MS = 5000;
/** An S3 configuration's check (HeadBucket, on activation) gives up after this long, its retry included. */
export const S3_CHECK_TIMEOUT_MS = 10_000;
/** Dashboard chart drawings one user may have made per minute (~250 ms of CPU each); drawings already cached are free. */
export const DASHBOARD_DRAWS_PER_MINUTE = 20;
/** The dashboard chart drawings kept by their inputs, per instance. */
export const DASHBOARD_CACHE_BYTES = 16 * 1024 * 1024;
/** Spreadsheet imports are checked against these before a cell is parsed (a zip inflates ~1000×). */
export const SHEET_MAX_INFLATED_BYTES = 16 * 1024 * 1024;
export const SHEET_MAX_ENTRIES = 200;
/** Largest inflated-to-deflated ratio of one spreadsheet part over SHEET_RATIO_FROM_BYTES (real sheets: a few dozen). */
export const SHEET_MAX_RATIO = 200;
export const SHEET_RATIO_FROM_BYTES = 1024 * 1024;
export const SHEET_MAX_ROWS = 10_000;
export const SHEET_MAX_COLUMNS = 64;
export const SHEET_MAX_CELLS = 100_000;
export const SHEET_MAX_CELL_CHARS = 1000;
/** Bad input (docs/decisions.md "Bad input"): the largest id an int4 column holds, and the instants a date may name. */
export const ID_MAX = 2_147_483_647;
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 9999;
/** A purge of the operation log or login history keeps at least this many days: never "delete everything". */
export const LOG_PURGE_MIN_DAYS = 7;

// The front door (docs/decisions.md "Front door"): request limits and wrong-password back-off, kept in the database.
/** Captcha images one address may ask for per minute. */
export const CAPTCHA_PER_MINUTE = 60;
/** Project password (login2) tries one address may make per minute. */
export const LOGIN2_PER_ADDRESS_PER_MINUTE = 10;
/** Wrong project password tries per project per minute, from all addresses together: past them, only addresses that have not guessed wrong there are checked. */
export const LOGIN2_PER_PROJECT_PER_MINUTE = 30;
/**
 * First wait one account-and-address pair is given past the threshold (seconds), doubled with every
 * further wrong password: long enough that guesses sent at once all meet it, however slow the server.
 */
export const LOGIN_BACKOFF_BASE_SECONDS = 30;
/** Longest wait one account-and-address pair is given after wrong passwords (seconds). */
export const LOGIN_BACKOFF_CAP_SECONDS = 300;
/** Wrong passwords on one account, from all addresses, after which every address gets one free try (times lockThreshold). */
export const LOGIN_ACCOUNT_FACTOR = 4;


// Devices: the demo simulator (livedemo).
/**
 * A board's switch input is a fault contact: closed (1) means fault, open (0) normal. The seed, the
 * fault rule (readings.ts isFault) and the simulators all read it through these two names.
 */
export const SWITCH_NORMAL = 0 as const;
export const SWITCH_FAULT = 1 as const;
/** The built-in demo simulator: each demo board reports once per its poll period (pollSeconds). */
export const DEMO_BOARD_POLL_SECONDS = 15;
/** A scripted fault starts this often (DEMO_FAULT_EVERY_MS overrides) ... */
export const DEMO_FAULT_EVERY_MS = 4 * 60_000;
/** ... and its channel reads normal again this long after (DEMO_FAULT_RECOVER_MS overrides). */
export const DEMO_FAULT_RECOVER_MS = 3 * 60_000;

/** The scheduled backup (job "backup"): how many of its backups are kept when its `keep` is not given, and at most. */
export const BACKUP_KEEP_DEFAULT = 7;
export const BACKUP_KEEP_MAX = 365;
