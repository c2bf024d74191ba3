import type { AppInstance } from '../../../app-instance';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { monitorQuerySchema, monitorSaveSchema, type MonitorLive, monitorRowSchema, monitorLiveSchema } from '@shared/contracts/monitor';
import { fallMonitor, fallProject } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { CameraTokens, unavailable } from './camera-token';
import { idTextSchema, envelopeOf } from '@shared/contracts/common';
import { RESOURCES } from '@shared/resources';
import { assertRowsInScope } from '../../../lib/data-scope';

const BASE = '/ball/fallmonitor';

/** fall/monitor: cameras of a project, and the live stream (direct HLS, or through the camera cloud). */
export async function monitorRoutes(app: AppInstance): Promise<void> {
  const tokens = new CameraTokens(app);
  const checkProject = async (projectId: unknown) => {
    if (projectId === undefined) return;
    const [p] = await app.database.db.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, projectId as number));
    if (!p) throw badRequest('v.invalid', { projectId: 'v.invalid' });
  };

  resourceRoutes(app, RESOURCES.monitor, {
    rows: {
      table: fallMonitor,
      row: monitorRowSchema,
      id: fallMonitor.id,
      query: monitorQuerySchema,
      where: { name: filters.search(fallMonitor.name, fallMonitor.nameEn), serial: filters.like(fallMonitor.serial), projectId: filters.eq(fallMonitor.projectId) },
      sortable: { name: fallMonitor.name, serial: fallMonitor.serial, createdAt: fallMonitor.createdAt },
      defaultSort: [desc(fallMonitor.createdAt)],
      extra: { projectName: fallProject.name, projectNameEn: fallProject.nameEn },
      from: (q) => q.leftJoin(fallProject, eq(fallProject.id, fallMonitor.projectId)),
      project: { column: fallMonitor.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'fall-monitor' },
    create: {
      body: monitorSaveSchema,
      prepare: async (data) => {
        await checkProject(data.projectId);
        return data;
      },
    },
    update: {
      prepare: async (data) => {
        await checkProject(data.projectId);
        return data;
      },
    },
    remove: true,
  });

  app.get(
    `${BASE}/live/:id`,
    { schema: { response: { 200: envelopeOf(monitorLiveSchema) }, params: z.object({ id: idTextSchema() }) }, config: { permission: ['fall-monitor#list', 'fall-monitor#info', 'ship-scene#view'] } },
    async (request) => {
      const { id } = request.params;
      await assertRowsInScope(app.database, request, { from: 'fall_monitor x', project: 'x.project_id' }, [id]);
      const [row] = await app.database.db
        .select({
          serial: fallMonitor.serial,
          channel: fallMonitor.channel,
          streamUrl: fallMonitor.streamUrl,
          appKey: fallProject.cameraAppKey,
          appSecret: fallProject.cameraAppSecret,
        })
        .from(fallMonitor)
        .innerJoin(fallProject, eq(fallProject.id, fallMonitor.projectId))
        .where(eq(fallMonitor.id, id));
      if (!row) throw notFound();
      if (row.streamUrl) return ok({ kind: 'hls', url: row.streamUrl } satisfies MonitorLive);
      if (!row.appKey || !row.appSecret) throw unavailable();
      const token = await tokens.get(row.appKey, row.appSecret);
      const live: MonitorLive = {
        kind: 'ezviz',
        url: `ezopen://open.ys7.com/${encodeURIComponent(row.serial)}/${row.channel}.live`,
        accessToken: token.accessToken,
        expiresAt: token.expiresAt,
        serial: row.serial,
        channel: row.channel,
      };
      return ok(live);
    },
  );
}
