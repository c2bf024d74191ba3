import { z } from 'zod';
import { idSchema, requiredString, instantText } from './common';
import { wallShowSchema } from './calendar';

/**
 * The project wall (/page/project/:id) and the kiosk display tokens (docs/domain.md §2 "a display token a
 * manager issues for a wall, revocable, read-only, never logs out").
 */

export const EQUIPMENT_STATES = ['normal', 'broken', 'maintenance', 'offline'] as const;
export type EquipmentState = (typeof EQUIPMENT_STATES)[number];

export const wallProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  area: z.string(),
  country: z.string(),
  city: z.string(),
  /** The city in English; empty shows the city. */
  cityEn: z.string(),
  status: z.string(),
  waterType: z.string(),
  totalArea: z.number(),
  controlMode: z.string(),
  dailyShowTime: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  isPublic: z.boolean(),
});
export type WallProject = z.output<typeof wallProjectSchema>;

export const sitePlanSchema = z.object({
  fileId: z.number(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type SitePlan = z.output<typeof sitePlanSchema>;

export const wallEquipmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  state: z.enum(EQUIPMENT_STATES),
  /** Position on the site plan as fractions (0..1) of its width and height; null when not placed. */
  posX: z.number().nullable(),
  posY: z.number().nullable(),
  deviceName: z.string().nullable(),
  deviceNameEn: z.string().nullable(),
  category: z.string().nullable(),
  /** Warranty end date, 'YYYY-MM-DD'; null when unknown. */
  warrantyEnd: z.iso.date().nullable(),
  /** The predictive detector has an open finding on one of its channels (docs/predictive.md): amber, unless broken (red) anyway. */
  atRisk: z.boolean(),
  /** Set out of service (docs/alarms.md "Out of service"): its channels raise no alarms; the tile says so. */
  outOfService: z.boolean().default(false),
});
export type WallEquipment = z.output<typeof wallEquipmentSchema>;

export const wallChannelSchema = z.object({
  ch: z.number(),
  label: z.string(),
  labelEn: z.string(),
  switchValue: z.number(),
  analogValue: z.number(),
  analogMin: z.number(),
  analogMax: z.number(),
  result: z.enum(['normal', 'fault']),
  equipmentId: z.number().nullable(),
  /** An open finding of the predictive detector on this channel (fall_channel_risk). */
  atRisk: z.boolean(),
  /** Its unit is out of service: the reading is stored and shown, marked, and raises no alarm. */
  outOfService: z.boolean().default(false),
});
export type WallChannel = z.output<typeof wallChannelSchema>;

export const wallBoardSchema = z.object({
  id: z.number(),
  boardName: z.string(),
  boardNameEn: z.string(),
  boardNo: z.string(),
  posX: z.number().nullable(),
  posY: z.number().nullable(),
  online: z.boolean(),
  lastSeen: instantText().nullable(),
  /** Readings missing over the last hour (docs/devices.md "Missing readings"); 0: none. */
  missed: z.number(),
  channels: z.array(wallChannelSchema),
});
export type WallBoard = z.output<typeof wallBoardSchema>;

export const wallWarningSchema = z.object({
  id: z.number(),
  at: instantText(),
  info: z.string(),
  level: z.string(),
  kind: z.string(),
  boardName: z.string().nullable(),
  boardNameEn: z.string().nullable(),
  channel: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  /** Null while open. */
  dealAt: instantText().nullable(),
  result: z.string().nullable(),
});
export type WallWarning = z.output<typeof wallWarningSchema>;

export const wallCameraSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  /** HLS or MP4 address when the camera has one; the wall shows a placeholder otherwise. */
  streamUrl: z.string().optional(),
});
export type WallCamera = z.output<typeof wallCameraSchema>;

export const wallKpisSchema = z.object({
  openOrders: z.number(),
  /** Average hours from submission to completion over the last 30 days; null without completions. */
  repairSpeed: z.number().nullable(),
  /** Share (0..1) of orders completed in the last 30 days that needed one report; null without completions. */
  repairQuality: z.number().nullable(),
  /** Share (0..1) of equipment neither broken nor offline; null without equipment. */
  availability: z.number().nullable(),
  /** All the project's units (the site plan's list is capped: it shows "2000 / 2100" past the cap). */
  equipmentTotal: z.number(),
  /** All its open warnings (the warnings list holds the latest few, open first). */
  openWarnings: z.number(),
  /** Its units at risk: counted units with an open finding of the predictive detector that are not broken (docs/predictive.md). */
  atRisk: z.number(),
});
export type WallKpis = z.output<typeof wallKpisSchema>;

export const projectWallSchema = z.object({
  project: wallProjectSchema,
  sitePlan: sitePlanSchema.nullable(),
  equipment: z.array(wallEquipmentSchema),
  boards: z.array(wallBoardSchema),
  warnings: z.array(wallWarningSchema),
  cameras: z.array(wallCameraSchema),
  kpis: wallKpisSchema,
  /** What the project's operating calendar says now: in show, idle or closed for the season, and the next show. */
  show: wallShowSchema,
  /** Server time the figures were read, so a stale wall can say how old its data is. */
  at: instantText(),
});
export type ProjectWall = z.output<typeof projectWallSchema>;

/** POST /wall/display-token */
export const displayTokenIssueSchema = z.strictObject({
  label: requiredString(128),
  sceneId: z.number({ error: 'v.invalid' }).int().positive({ message: 'v.invalid' }).nullable().optional(),
});
export type DisplayTokenIssue = z.input<typeof displayTokenIssueSchema>;

export const displayTokenRevokeSchema = z.strictObject({
  id: idSchema(),
});

/** A display token as listed: never the token itself, which is shown once when issued. */
export const displayTokenSchema = z.object({
  id: z.number(),
  label: z.string(),
  sceneId: z.number().nullable(),
  issuedAt: instantText(),
  lastActiveAt: instantText(),
  ip: z.string(),
});
export type DisplayToken = z.output<typeof displayTokenSchema>;

export const displayTokenIssuedSchema = z.object({
  id: z.number(),
  /** The clear token, returned once. */
  token: z.string(),
  label: z.string(),
  /** The wall address with the token, ready to open on a kiosk. */
  path: z.string(),
});
export type DisplayTokenIssued = z.output<typeof displayTokenIssuedSchema>;

/** One of the overview's calls the server made to draw its first frame, with its answer. */
export const frameCallSchema = z.object({
  method: z.enum(['GET', 'POST']),
  /** As the client sends it: the API prefix and the path. */
  url: z.string(),
  /** The JSON body as sent, or null. */
  body: z.string().nullable(),
  status: z.number(),
  /** The answer's envelope as sent. */
  payload: z.string(),
});
export type FrameCall = z.output<typeof frameCallSchema>;

/** GET /wall/frame: the overview drawn on the server (null when one of its calls failed) and the calls' answers. */
export const wallFrameSchema = z.object({
  html: z.string().nullable(),
  calls: z.array(frameCallSchema),
});
export type WallFrame = z.output<typeof wallFrameSchema>;

/** GET /wall/session: what the current token may see on a wall (kiosks and visitors have no user). */
export const wallSessionSchema = z.object({
  kind: z.enum(['user', 'display', 'visitor']),
  projectId: z.number().nullable(),
  sceneId: z.number().nullable(),
  label: z.string(),
  perms: z.array(z.string()),
});
export type WallSession = z.output<typeof wallSessionSchema>;
