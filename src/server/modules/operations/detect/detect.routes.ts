import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNEL_COUNT, boardQuerySchema, boardReportSchema, boardSaveSchema, boardTrendQuerySchema, boardTrendSchema, channelTrendParamsSchema, channelTrendQuerySchema, channelTrendSchema, channelsUpdateSchema, boardRowSchema, boardInfoSchema, boardKeyIssuedSchema, readingOutcomeSchema, type BoardTrend } from '@shared/contracts/detect';
import { envelopeOf, idAnswer, idParamSchema, idSchema } from '@shared/contracts/common';
import { fallDetect, fallDetectChannel, fallDevice, fallEqInfo, fallProject } from '../../../db/schema';
import { ApiError, badRequest, notFound, unauthorized } from '../../../lib/errors';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { newToken } from '../../../lib/password';
import { checkSignature, clockSkewMs, openReport, type BoardRef } from '../../../devices/report-check';
import { recordRefusal } from '../../../devices/refusals';
import { observe } from '../../../lib/observe';
import type { Db } from '../../../db/client';
import { recomputeEquipmentState } from '../equipment';
import { archivedFilter, assertLive, notArchived, registerArchiveRoutes } from '../../../lib/archive';
import { removeBoards, restoreBoards } from './board-archive';
import { RESOURCES } from '@shared/resources';
import { boardTrend, channelTrend } from './trends';
import { assertInScope, assertRowsInScope } from '../../../lib/data-scope';
import { rawField } from '../../../lib/raw-field';
import { missedSql } from './missing';

const BASE = '/ball/falldetect';
const idBody = z.strictObject({ id: idSchema() });
/** Where a board's project is, for the data scope of its reads by id and its writes. */
const BOARDS = { from: 'fall_detect x', project: 'x.project_id' };

/** Readings missing over the last hour per board (missing.ts): what the list, the dialog, the walls and the metric add up alike. */
const missed = sql<number>`${sql.raw(missedSql('fall_detect'))}`;
/** Open faults per board, for the list. */
const faultCount = sql<number>`(SELECT count(*)::int FROM ${fallDetectChannel} WHERE ${fallDetectChannel.detectId} = ${fallDetect.id} AND ${fallDetectChannel.result} = 'fault')`;

async function checkProject(tx: Db, projectId: number) {
  const [p] = await tx.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, projectId));
  if (!p) throw badRequest('v.invalid', { projectId: 'v.invalid' });
  await assertLive(tx, fallProject, projectId, 'projectId');
}

/** fall/detect: boards with CH1–CH9, their report keys, and the push endpoint boards report to. */
export async function detectRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  resourceRoutes(app, RESOURCES.detect, {
    rows: {
      table: fallDetect,
      row: boardRowSchema,
      id: fallDetect.id,
      query: boardQuerySchema,
      where: {
        projectId: filters.eq(fallDetect.projectId),
        // Either language's name, as the list shows one or the other (and the board number a row reads beside it).
        boardName: filters.search(fallDetect.boardName, fallDetect.boardNameEn, fallDetect.boardNo),
        boardNo: filters.like(fallDetect.boardNo),
        archived: archivedFilter(fallDetect, 'fall-detect#restore'),
      },
      sortable: { boardName: fallDetect.boardName, boardNo: fallDetect.boardNo, lastSeen: fallDetect.lastSeen, createdAt: fallDetect.createdAt },
      defaultSort: [asc(fallDetect.projectId), asc(fallDetect.boardNo)],
      hidden: ['boardKeyHash'],
      extra: { projectName: fallProject.name, projectNameEn: fallProject.nameEn, hasKey: sql<boolean>`${fallDetect.boardKeyHash} <> ''`, faultCount, missed },
      from: (q) => q.leftJoin(fallProject, eq(fallProject.id, fallDetect.projectId)),
      project: { column: fallDetect.projectId },
    },
    list: true,
    listAll: true,
    export: { name: 'fall-detect' },
    update: {
      fields: boardSaveSchema,
      prepare: async (data) => {
        if (data.projectId !== undefined) await checkProject(db, data.projectId);
        return data;
      },
    },
  });

  // Delete archives a board with warnings and deletes one without (its channels go with it); restore is for administrators.
  registerArchiveRoutes(app, RESOURCES.detect, { remove: removeBoards, restore: restoreBoards, project: BOARDS });

  // A board is created with its nine channels, in one transaction.
  app.post(`${BASE}/save`, { schema: { body: boardSaveSchema, response: { 200: idAnswer } }, config: { permission: 'fall-detect#save' } }, async (request) => {
    const body = request.body;
    assertInScope(request, body.projectId);
    const id = await db.transaction(async (tx) => {
      await checkProject(tx, body.projectId);
      const [board] = await tx.insert(fallDetect).values(body).returning({ id: fallDetect.id });
      await tx.insert(fallDetectChannel).values(Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ detectId: board.id, ch: i + 1 })));
      return board.id;
    });
    return ok({ id });
  });

  app.get(`${BASE}/info/:id`, { schema: { response: { 200: envelopeOf(boardInfoSchema) }, params: idParamSchema }, config: { permission: 'fall-detect#info' } }, async (request) => {
    const { id } = request.params;
    await assertRowsInScope(app.database, request, BOARDS, [id]);
    const [board] = await db
      .select({
        id: fallDetect.id,
        projectId: fallDetect.projectId,
        projectName: fallProject.name, projectNameEn: fallProject.nameEn,
        slave: fallDetect.slave,
        ip: fallDetect.ip,
        port: fallDetect.port,
        boardName: fallDetect.boardName,
        boardNameEn: fallDetect.boardNameEn,
        boardNo: fallDetect.boardNo,
        posX: fallDetect.posX,
        posY: fallDetect.posY,
        pollSeconds: fallDetect.pollSeconds,
        hasKey: sql<boolean>`${fallDetect.boardKeyHash} <> ''`,
        lastSeen: fallDetect.lastSeen,
        online: fallDetect.online,
        faultCount,
        refusedReason: fallDetect.refusedReason,
        refusedAt: fallDetect.refusedAt,
        refusedSince: fallDetect.refusedSince,
        missed,
        missingSince: fallDetect.missingSince,
        createdAt: fallDetect.createdAt,
        // BoardInfo is a BoardRow: the form and the wall tell an archived board by these (the answers test found them missing).
        archivedAt: fallDetect.archivedAt,
        archivedBy: fallDetect.archivedBy,
      })
      .from(fallDetect)
      .leftJoin(fallProject, eq(fallProject.id, fallDetect.projectId))
      .where(eq(fallDetect.id, id));
    if (!board) throw notFound();
    const channels = await db
      .select({
        id: fallDetectChannel.id,
        ch: fallDetectChannel.ch,
        label: fallDetectChannel.label,
        labelEn: fallDetectChannel.labelEn,
        equipmentId: fallDetectChannel.equipmentId,
        equipmentName: fallEqInfo.name,
        equipmentNameEn: fallEqInfo.nameEn,
        switchValue: fallDetectChannel.switchValue,
        analogValue: fallDetectChannel.analogValue,
        analogMin: fallDetectChannel.analogMin,
        analogMax: fallDetectChannel.analogMax,
        unit: fallDetectChannel.unit,
        checkKey: fallDetectChannel.checkKey,
        result: fallDetectChannel.result,
        updatedAt: fallDetectChannel.updatedAt,
        onDelaySeconds: fallDetectChannel.onDelaySeconds,
        offDelaySeconds: fallDetectChannel.offDelaySeconds,
        deadband: fallDetectChannel.deadband,
        repeatCount: fallDetectChannel.repeatCount,
        repeatMinutes: fallDetectChannel.repeatMinutes,
        pendingSince: fallDetectChannel.pendingSince,
        normalSince: fallDetectChannel.normalSince,
        modelId: fallDevice.id,
        model: { onDelaySeconds: fallDevice.onDelaySeconds, offDelaySeconds: fallDevice.offDelaySeconds, deadband: fallDevice.deadband, repeatCount: fallDevice.repeatCount, repeatMinutes: fallDevice.repeatMinutes },
      })
      .from(fallDetectChannel)
      .leftJoin(fallEqInfo, eq(fallEqInfo.id, fallDetectChannel.equipmentId))
      .leftJoin(fallDevice, eq(fallDevice.id, fallEqInfo.deviceId))
      .where(eq(fallDetectChannel.detectId, id))
      .orderBy(asc(fallDetectChannel.ch));
    // A channel whose unit has no device model inherits nothing but the defaults.
    return ok({ ...board, channels: channels.map(({ modelId, model, ...c }) => ({ ...c, model: modelId === null ? null : model })) });
  });

  // Each channel's trend over the last hours (24 by default) from the downsampled history, for the board's detail.
  app.get(
    `${BASE}/trend/:id`,
    { schema: { response: { 200: envelopeOf(boardTrendSchema) }, params: idParamSchema, querystring: boardTrendQuerySchema }, config: { permission: 'fall-detect#info' } },
    async (request) => {
      const { id } = request.params;
      const { hours = 24 } = request.query;
      await assertRowsInScope(app.database, request, BOARDS, [id]);
      const [board] = await db.select({ id: fallDetect.id }).from(fallDetect).where(eq(fallDetect.id, id));
      if (!board) throw notFound();
      const channels = await db
        .select({ ch: fallDetectChannel.ch, label: fallDetectChannel.label, analogMin: fallDetectChannel.analogMin, analogMax: fallDetectChannel.analogMax })
        .from(fallDetectChannel)
        .where(eq(fallDetectChannel.detectId, id))
        .orderBy(asc(fallDetectChannel.ch));
      const trend = await boardTrend(app, id, hours);
      const body: BoardTrend = {
        id,
        hours,
        grain: trend.grain,
        stepSeconds: trend.stepSeconds,
        channels: channels.map((c) => ({ ...c, points: trend.series.get(c.ch) ?? [] })),
      };
      return ok(body);
    },
  );

  // One channel's readable trend (1h / 24h / 7d) with its fault marks, normal range and unit, for the board's detail.
  app.get(
    `${BASE}/trend/:id/channel/:ch`,
    { schema: { response: { 200: envelopeOf(channelTrendSchema) }, params: channelTrendParamsSchema, querystring: channelTrendQuerySchema }, config: { permission: 'fall-detect#info' } },
    async (request) => {
      const { id, ch } = request.params;
      const { range = '24h' } = request.query;
      await assertRowsInScope(app.database, request, BOARDS, [id]);
      const trend = await channelTrend(app, id, ch, range);
      if (!trend) throw notFound();
      return ok(trend);
    },
  );

  app.post(`${BASE}/channels/update`, { schema: { body: channelsUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'fall-detect#update' } }, async (request) => {
    const { id, channels } = request.body;
    await assertRowsInScope(app.database, request, BOARDS, [id]);
    await db.transaction(async (tx) => {
      const [board] = await tx.select({ projectId: fallDetect.projectId }).from(fallDetect).where(eq(fallDetect.id, id)).for('update');
      if (!board) throw notFound();
      const stored = await tx.select().from(fallDetectChannel).where(eq(fallDetectChannel.detectId, id));
      const equipmentIds = [...new Set(channels.map((c) => c.equipmentId).filter((e): e is number => typeof e === 'number'))];
      const equipment = equipmentIds.length
        ? await tx.select({ id: fallEqInfo.id, projectId: fallEqInfo.projectId }).from(fallEqInfo).where(and(inArray(fallEqInfo.id, equipmentIds), notArchived(fallEqInfo)))
        : [];
      const projectOf = new Map(equipment.map((e) => [e.id, e.projectId]));
      for (const [i, c] of channels.entries()) {
        const current = stored.find((s) => s.ch === c.ch);
        if (!current) throw badRequest('v.channel', { [`channels.${i}.ch`]: 'v.channel' });
        if (typeof c.equipmentId === 'number' && projectOf.get(c.equipmentId) !== board.projectId) {
          throw badRequest('v.equipmentProject', { [`channels.${i}.equipmentId`]: 'v.equipmentProject' });
        }
        const min = c.analogMin ?? current.analogMin;
        const max = c.analogMax ?? current.analogMax;
        if (min > max) throw badRequest('v.rangeOrder', { [`channels.${i}.analogMax`]: 'v.rangeOrder' });
        // A band of half the range or more would never let the alarm clear.
        const band = c.deadband === undefined ? current.deadband : c.deadband;
        if (band !== null && band > 0 && band * 2 >= max - min) throw badRequest('v.deadbandWide', { [`channels.${i}.deadband`]: 'v.deadbandWide' });
        const conditioning = { onDelaySeconds: c.onDelaySeconds, offDelaySeconds: c.offDelaySeconds, deadband: c.deadband, repeatCount: c.repeatCount, repeatMinutes: c.repeatMinutes };
        const set = Object.fromEntries(Object.entries({ label: c.label, labelEn: c.labelEn, equipmentId: c.equipmentId, analogMin: c.analogMin, analogMax: c.analogMax, unit: c.unit, checkKey: c.checkKey, ...conditioning }).filter(([, v]) => v !== undefined));
        // New settings judge the next reading afresh: a condition under way starts again under them.
        if (Object.entries(conditioning).some(([k, v]) => v !== undefined && v !== current[k as keyof typeof conditioning])) Object.assign(set, { pendingSince: null, normalSince: null, switchHits: [] });
        if (Object.keys(set).length) await tx.update(fallDetectChannel).set({ ...set, updatedAt: new Date() }).where(eq(fallDetectChannel.id, current.id));
      }
      // Rewiring a channel moves its fault and its board's liveness from one unit to another.
      await recomputeEquipmentState(tx, [...stored.map((c) => c.equipmentId), ...equipmentIds]);
    });
    return ok({ id });
  });

  // The key is returned once; only its hash is kept. Issuing again replaces the old key.
  app.post(`${BASE}/key`, { schema: { body: idBody, response: { 200: envelopeOf(boardKeyIssuedSchema) } }, config: { permission: 'fall-detect#key', log: { module: 'ball/falldetect', action: 'key' } } }, async (request) => {
    const { id } = request.body;
    await assertRowsInScope(app.database, request, BOARDS, [id]);
    const { token, hash } = newToken();
    const rows = await db.update(fallDetect).set({ boardKeyHash: hash }).where(eq(fallDetect.id, id)).returning({ id: fallDetect.id });
    if (!rows.length) throw notFound();
    return ok({ id, boardKey: token });
  });

  /**
   * Boards push signed readings here (docs/devices.md "Signed readings"). No session: the project's
   * unique key (X-Project-Key) and the board number in the signed body name the board; the HMAC of
   * the body under its key proves it; the reading's own time must lie within detect.clockSkewSeconds
   * and not be stored already. No header missing → 401; unknown board, wrong signature, no key,
   * unsigned (an X-Board-Key of old firmware) → 403; a stale or future time → 403 with its own
   * message; a repeat → 409. The board's own refusals are recorded on it for operators.
   */
  app.post(
    '/ball/detect/report',
    {
      schema: { body: boardReportSchema, response: { 200: envelopeOf(readingOutcomeSchema) } },
      config: { permission: 'public', log: false, rateLimit: { max: 600, timeWindow: 60_000 } },
      // Old firmware sending its key (and an unsigned body) is told so, and shown to operators, before the body is judged.
      preValidation: async (request) => {
        if (request.headers['x-board-key'] === undefined) return;
        const projectKey = request.headers['x-project-key'];
        const boardNo = rawField(request.body, 'boardNo');
        if (typeof projectKey === 'string' && typeof boardNo === 'string') {
          const board = await findBoard(projectKey, { boardNo });
          if (board) recordRefusal(app, board.id, 'unsigned');
        }
        observe.refused?.('http', 'unsigned');
        throw new ApiError(403, 'err.boardKey');
      },
    },
    async (request: FastifyRequest) => {
      const projectKey = request.headers['x-project-key'];
      if (typeof projectKey !== 'string' || !projectKey) throw unauthorized();
      const opened = openReport(request.body);
      if (!opened.ok) throw badRequest('v.invalid', opened.fields);
      const { report, reading } = opened;
      const board = await findBoard(projectKey, reading);
      if (!board) {
        observe.refused?.('http', 'board');
        throw new ApiError(403, 'err.boardKey');
      }
      const why = checkSignature(board, report, reading, await clockSkewMs(app));
      if (why) {
        recordRefusal(app, board.id, why);
        observe.refused?.('http', why);
        throw new ApiError(403, why === 'stale' || why === 'future' ? 'err.reportStale' : 'err.boardKey');
      }
      const { kept, ...outcome } = await app.readings.submit(board.id, reading.channels, 'http', { at: new Date(reading.at), seq: reading.seq });
      if (kept === 'repeat') {
        observe.refused?.('http', 'replay');
        throw new ApiError(409, 'err.reportReplay');
      }
      return ok(outcome);
    },
  );

  /** A live board of a live project by its project key and its number (or id). */
  async function findBoard(projectKey: string, which: { boardNo?: string; boardId?: number }): Promise<BoardRef | undefined> {
    const [board] = await db
      .select({ id: fallDetect.id, keyHash: fallDetect.boardKeyHash })
      .from(fallDetect)
      .innerJoin(fallProject, eq(fallProject.id, fallDetect.projectId))
      .where(
        and(
          eq(fallProject.uniqueKey, projectKey),
          which.boardId !== undefined ? eq(fallDetect.id, which.boardId) : eq(fallDetect.boardNo, which.boardNo ?? ''),
          // An archived board (or a board of an archived project) reports nothing; its key stays reserved.
          notArchived(fallDetect),
          notArchived(fallProject),
        ),
      );
    return board;
  }
}
