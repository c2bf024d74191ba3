import { z } from 'zod';
import { idSchema, requiredString } from './common';

/**
 * The project wall (/page/project/:id) and the kiosk display tokens (DOMAIN.md §2 "a display token a
 * manager issues for a wall, revocable, read-only, never logs out").
 */

export type EquipmentState = 'normal' | 'broken' | 'maintenance' | 'offline';

export interface WallProject {
  id: number;
  name: string;
  nameCn: string;
  nameEn: string;
  area: string;
  country: string;
  city: string;
  /** The city in English; empty shows the city. */
  cityEn: string;
  status: string;
  waterType: string;
  totalArea: number;
  controlMode: string;
  dailyShowTime: string;
  longitude: number | null;
  latitude: number | null;
  isPublic: boolean;
}

export interface SitePlan {
  fileId: number;
  url: string;
  width: number;
  height: number;
}

export interface WallEquipment {
  id: number;
  name: string;
  state: EquipmentState;
  /** Position on the site plan as fractions (0..1) of its width and height; null when not placed. */
  posX: number | null;
  posY: number | null;
  deviceName: string | null;
  category: string | null;
}

export interface WallChannel {
  ch: number;
  label: string;
  switchValue: number;
  analogValue: number;
  analogMin: number;
  analogMax: number;
  result: 'normal' | 'fault';
  equipmentId: number | null;
}

export interface WallBoard {
  id: number;
  boardName: string;
  boardNameEn: string;
  boardNo: string;
  posX: number | null;
  posY: number | null;
  online: boolean;
  lastSeen: string | null;
  channels: WallChannel[];
}

export interface WallWarning {
  id: number;
  at: string;
  info: string;
  level: string;
  kind: string;
  boardName: string | null;
  boardNameEn: string | null;
  channel: number | null;
  equipmentName: string | null;
  /** Null while open. */
  dealAt: string | null;
  result: string | null;
}

export interface WallCamera {
  id: number;
  name: string;
  /** HLS or MP4 address when the camera has one; the wall shows a placeholder otherwise. */
  streamUrl?: string;
}

export interface WallKpis {
  openOrders: number;
  /** Average hours from submission to completion over the last 30 days; null without completions. */
  repairSpeed: number | null;
  /** Share (0..1) of orders completed in the last 30 days that needed one report; null without completions. */
  repairQuality: number | null;
  /** Share (0..1) of equipment neither broken nor offline; null without equipment. */
  availability: number | null;
  /** All the project's units (the site plan's list is capped: it shows "2000 / 2100" past the cap). */
  equipmentTotal: number;
  /** All its open warnings (the warnings list holds the latest few, open first). */
  openWarnings: number;
}

export interface ProjectWall {
  project: WallProject;
  sitePlan: SitePlan | null;
  equipment: WallEquipment[];
  boards: WallBoard[];
  warnings: WallWarning[];
  cameras: WallCamera[];
  kpis: WallKpis;
  /** Server time the figures were read, so a stale wall can say how old its data is. */
  at: string;
}

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
export interface DisplayToken {
  id: number;
  label: string;
  sceneId: number | null;
  issuedAt: string;
  lastActiveAt: string;
  ip: string;
}

export interface DisplayTokenIssued {
  id: number;
  /** The clear token, returned once. */
  token: string;
  label: string;
  /** The wall address with the token, ready to open on a kiosk. */
  path: string;
}

/** One of the overview's calls the server made to draw its first frame, with its answer. */
export interface FrameCall {
  method: 'GET' | 'POST';
  /** As the client sends it: the API prefix and the path. */
  url: string;
  /** The JSON body as sent, or null. */
  body: string | null;
  status: number;
  /** The answer's envelope as sent. */
  payload: string;
}

/** GET /wall/frame: the overview drawn on the server (null when one of its calls failed) and the calls' answers. */
export interface WallFrame {
  html: string | null;
  calls: FrameCall[];
}
