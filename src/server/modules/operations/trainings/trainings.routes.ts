import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { trainingQuerySchema, trainingSaveSchema, trainingUpdateSchema, trainingRowSchema } from '@shared/contracts/training';
import { fallDevice, fallProject, fallTrain } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { filters, registerCrud } from '../../../lib/crud';
import { registerOwnedListWrites } from '../orders/owned-writes';

const BASE = '/ball/falltrain';

/** fall/train: training material with attachments. */
export async function trainingRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    base: BASE,
    table: fallTrain,
    row: trainingRowSchema,
    id: fallTrain.id,
    permission: 'fall-train',
    create: trainingSaveSchema,
    query: trainingQuerySchema,
    where: {
      name: filters.like(fallTrain.name),
      projectId: filters.eq(fallTrain.projectId),
      deviceId: filters.eq(fallTrain.deviceId),
      trainFrom: filters.gte(fallTrain.trainAt),
      trainTo: filters.lte(fallTrain.trainAt),
    },
    sortable: { name: fallTrain.name, trainAt: fallTrain.trainAt, createdAt: fallTrain.createdAt },
    defaultSort: [desc(fallTrain.trainAt)],
    extra: { deviceName: fallDevice.name, projectName: fallProject.name, projectNameEn: fallProject.nameEn },
    from: (q) => q.leftJoin(fallDevice, eq(fallDevice.id, fallTrain.deviceId)).leftJoin(fallProject, eq(fallProject.id, fallTrain.projectId)),
    without: ['save', 'update', 'delete'],
    exportName: 'fall-train',
  });
  registerOwnedListWrites(app, {
    base: BASE,
    table: fallTrain,
    id: fallTrain.id,
    permission: 'fall-train',
    ownerType: 'fall_train',
    save: trainingSaveSchema,
    update: trainingUpdateSchema,
    filesField: 'files',
    check: async (tx, row) => {
      if (row.deviceId) {
        const [d] = await tx.select({ id: fallDevice.id }).from(fallDevice).where(eq(fallDevice.id, row.deviceId as number));
        if (!d) throw badRequest('v.invalid', { deviceId: 'v.invalid' });
      }
      if (row.projectId) {
        const [p] = await tx.select({ id: fallProject.id }).from(fallProject).where(eq(fallProject.id, row.projectId as number));
        if (!p) throw badRequest('v.invalid', { projectId: 'v.invalid' });
      }
    },
  });
}
