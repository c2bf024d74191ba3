import type { AppInstance } from '../../../app-instance';
import { SENSOR_KIND } from '@shared/dictionaries';
import { asc, eq, sql } from 'drizzle-orm';
import { SENSOR_DEFAULT_UNITS, sensorQuerySchema, sensorSaveSchema, sensorRowSchema } from '@shared/contracts/sensor';
import { fallOthers, fallProject } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { filters, resourceRoutes } from '../../../lib/crud';
import { RESOURCES } from '@shared/resources';

/** fall/others: sensors of a project with their thresholds. */
export async function sensorRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;

  async function check(row: { projectId?: number; minValue?: number | null; maxValue?: number | null }) {
    if (row.projectId !== undefined) {
      const [p] = await db.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, row.projectId));
      if (!p) throw badRequest('v.invalid', { projectId: 'v.invalid' });
    }
    if (row.minValue != null && row.maxValue != null && row.minValue > row.maxValue) {
      throw badRequest('v.rangeOrder', { maxValue: 'v.rangeOrder' });
    }
  }

  resourceRoutes(app, RESOURCES.sensor, {
    rows: {
      table: fallOthers,
      row: sensorRowSchema,
      id: fallOthers.id,
      query: sensorQuerySchema,
      where: { name: filters.search(fallOthers.name, fallOthers.nameEn), kind: filters.eq(fallOthers.kind), projectId: filters.eq(fallOthers.projectId) },
      sortable: { name: fallOthers.name, kind: fallOthers.kind, value: fallOthers.value, updatedAt: fallOthers.updatedAt },
      defaultSort: [asc(fallOthers.projectId), asc(fallOthers.name)],
      extra: {
        projectName: fallProject.name, projectNameEn: fallProject.nameEn,
        outOfRange: sql<boolean>`(${fallOthers.value} < ${fallOthers.minValue} OR ${fallOthers.value} > ${fallOthers.maxValue}) IS TRUE`,
      },
      from: (q) => q.leftJoin(fallProject, eq(fallProject.id, fallOthers.projectId)),
      project: { column: fallOthers.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'fall-others', labels: { kind: SENSOR_KIND } },
    create: {
      body: sensorSaveSchema,
      prepare: async (data) => {
        await check(data);
        return { ...data, unit: data.unit || SENSOR_DEFAULT_UNITS[data.kind as keyof typeof SENSOR_DEFAULT_UNITS] };
      },
    },
    update: {
      prepare: async (data) => {
        const [current] = await db.select().from(fallOthers).where(eq(fallOthers.id, data.id));
        if (!current) throw notFound();
        await check({ ...current, ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) });
        return data;
      },
    },
    remove: true,
  });
}
