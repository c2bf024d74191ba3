import { z } from 'zod';
import { idSchema, optionalString, refIdSchema, requiredString, instantText } from './common';
import { GRANULARITIES } from './stats';
import { filterEnum, filterId, filterText } from './work-fields';
import { SCENE_COLUMNS, SCENE_MAX_ITEMS, SCENE_ROWS } from '../scene-grid';
import { CARD_TYPES } from '../choices';

/**
 * Cards (ship/cards) and scenes (ship/scene-list): a card is a configured wall panel, a scene a
 * react-grid-layout arrangement of cards on the 1920×1080 canvas (docs/domain.md §3 "Cards and scenes").
 */

export { SCENE_COLUMNS, SCENE_ROWS, SCENE_MAX_ITEMS };

export { CARD_TYPES };
export type CardType = (typeof CARD_TYPES)[number];

export const KPI_METRICS = ['openOrders', 'repairSpeed', 'repairQuality', 'availability', 'projects', 'equipment'] as const;
export type KpiMetric = (typeof KPI_METRICS)[number];
export const CHART_KINDS = ['bar', 'pie'] as const;

const id = z.number({ error: 'v.invalid' }).int().positive({ message: 'v.invalid' });
const titles = {
  /** Overrides the card's name as the panel title, per language. */
  title: optionalString(64),
  titleEn: optionalString(64),
};
const period = {
  projectId: id.optional(),
  granularity: z.enum(GRANULARITIES, { error: 'v.invalid' }).default('month'),
  periods: z.number({ error: 'v.invalid' }).int().min(1, { message: 'v.invalid' }).max(60, { message: 'v.invalid' }).default(12),
};
const chart = { chart: z.enum(CHART_KINDS, { error: 'v.invalid' }).default('bar') };
const limit = { limit: z.number({ error: 'v.invalid' }).int().min(1, { message: 'v.invalid' }).max(100, { message: 'v.invalid' }).default(20) };

/** The config each card type accepts; unknown keys are refused so a typo never silently does nothing. */
export const CARD_CONFIG_SCHEMAS = {
  map: z.strictObject({ ...titles, cluster: z.boolean().default(true) }),
  'repair-speed': z.strictObject({ ...titles, ...period }),
  'repair-quality': z.strictObject({ ...titles, ...period }),
  'group-area': z.strictObject({ ...titles, ...chart }),
  'group-device': z.strictObject({ ...titles, ...chart }),
  'group-water': z.strictObject({ ...titles, ...chart }),
  'broken-devices': z.strictObject({ ...titles, ...limit }),
  'detect-channels': z.strictObject({ ...titles, projectId: id.optional(), detectId: id.optional() }),
  warnings: z.strictObject({ ...titles, ...limit, projectId: id.optional() }),
  camera: z.strictObject({ ...titles, projectId: id.optional(), monitorId: id.optional() }),
  kpi: z.strictObject({ ...titles, metric: z.enum(KPI_METRICS, { error: 'v.invalid' }).default('openOrders'), projectId: id.optional() }),
  notice: z.strictObject({ ...titles, text: optionalString(2000), textEn: optionalString(2000) }),
  'count-projects': z.strictObject({ ...titles, ...chart }),
} as const satisfies Record<CardType, z.ZodType>;

export type CardConfig<T extends CardType = CardType> = z.output<(typeof CARD_CONFIG_SCHEMAS)[T]>;

/** Validates a config for its type; returns the parsed config or field messages keyed `config.<key>`. */
export function parseCardConfig(type: CardType, config: unknown):
  | { ok: true; config: Record<string, unknown> }
  | { ok: false; fields: Record<string, string> } {
  const result = CARD_CONFIG_SCHEMAS[type].safeParse(config ?? {});
  if (result.success) return { ok: true, config: result.data as Record<string, unknown> };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[`config.${key}`] = 'v.unknownField';
      continue;
    }
    const name = ['config', ...issue.path.map(String)].join('.');
    fields[name] ??= issue.message.startsWith('v.') ? issue.message : 'v.invalid';
  }
  return { ok: false, fields };
}

const cardFields = {
  name: requiredString(128),
  /** The name in English; empty shows the name. */
  nameEn: z.string().trim().max(128, { message: 'v.tooLong' }).optional(),
  type: z.enum(CARD_TYPES, { error: 'v.required' }),
  config: z.record(z.string(), z.unknown()).default({}),
};

/** POST /ship/cards/save; the config is checked against the type by the route (parseCardConfig). */
export const cardSaveSchema = z.strictObject(cardFields);
export type CardSave = z.input<typeof cardSaveSchema>;

/** The card form: the same fields, with the config checked per type so the form shows field messages. */
export const cardFormSchema = cardSaveSchema.superRefine((v, ctx) => {
  const parsed = parseCardConfig(v.type, v.config);
  if (!parsed.ok) for (const [path, message] of Object.entries(parsed.fields)) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
});

/** POST /ship/cards/update: only what is sent changes (no defaults, so a rename keeps the config). */
export const cardUpdateSchema = z.strictObject({
  id: idSchema(),
  name: cardFields.name.optional(),
  nameEn: cardFields.nameEn,
  type: cardFields.type.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});

/** List filters; the query form sends '' for an empty field. */
export const cardQuerySchema = z.strictObject({
  name: filterText(128),
  type: filterEnum(CARD_TYPES),
});

export const cardSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  type: z.enum(CARD_TYPES),
  config: z.record(z.string(), z.unknown()),
  createdAt: instantText(),
});
export type Card = z.output<typeof cardSchema>;

const int = (min: number, max: number) =>
  z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(min, { message: 'v.invalid' }).max(max, { message: 'v.invalid' });

export const sceneItemSchema = z
  .strictObject({
    i: z.string().trim().min(1, { message: 'v.required' }).max(64, { message: 'v.tooLong' }),
    cardId: id,
    x: int(0, SCENE_COLUMNS - 1),
    y: int(0, SCENE_ROWS - 1),
    w: int(1, SCENE_COLUMNS),
    h: int(1, SCENE_ROWS),
  })
  .refine((it) => it.x + it.w <= SCENE_COLUMNS, { message: 'scene.outside', path: ['w'] })
  .refine((it) => it.y + it.h <= SCENE_ROWS, { message: 'scene.outside', path: ['h'] });
export type SceneItem = z.infer<typeof sceneItemSchema>;

const overlaps = (a: SceneItem, b: SceneItem) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A layout: items inside the canvas, unique keys, no two cards on the same cells. */
export const sceneLayoutSchema = z
  .array(sceneItemSchema)
  .max(SCENE_MAX_ITEMS, { message: 'v.tooLong' })
  .superRefine((items, ctx) => {
    const keys = new Set<string>();
    items.forEach((it, n) => {
      if (keys.has(it.i)) ctx.addIssue({ code: 'custom', path: [n, 'i'], message: 'scene.duplicateKey' });
      keys.add(it.i);
      for (let m = 0; m < n; m++) {
        if (overlaps(items[m], it)) {
          ctx.addIssue({ code: 'custom', path: [n], message: 'scene.overlap' });
          break;
        }
      }
    });
  });

const sceneFields = {
  name: requiredString(128),
  /** The name in English; empty shows the name. */
  nameEn: z.string().trim().max(128, { message: 'v.tooLong' }).optional(),
  projectId: id.nullable().default(null),
  isPublic: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  layout: sceneLayoutSchema.default([]),
};
export const sceneSaveSchema = z.strictObject(sceneFields);
export type SceneSave = z.input<typeof sceneSaveSchema>;
export const sceneUpdateSchema = z.strictObject({
  id: idSchema(),
  name: sceneFields.name.optional(),
  nameEn: sceneFields.nameEn,
  projectId: id.nullable().optional(),
  isPublic: z.boolean().optional(),
  isDefault: z.boolean().optional(),
  layout: sceneLayoutSchema.optional(),
});
export const sceneQuerySchema = z.strictObject({
  name: filterText(128),
  projectId: filterId(),
  isPublic: z.preprocess((v) => (v === '' ? undefined : v), z.boolean().optional()),
});
export const sceneDefaultQuerySchema = z.strictObject({
  projectId: refIdSchema().optional(),
});

export const sceneSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable().optional(),
  projectNameEn: z.string().nullable().optional(),
  isPublic: z.boolean(),
  isDefault: z.boolean(),
  layout: z.array(sceneItemSchema),
  createdAt: instantText(),
  updatedAt: instantText(),
});
export type Scene = z.output<typeof sceneSchema>;

/** A scene as a wall renders it: its layout and the cards it places. */
export const sceneViewSchema = sceneSchema.extend({
  cards: z.array(cardSchema),
});
export type SceneView = z.output<typeof sceneViewSchema>;
