import type { AppInstance } from '../../../app-instance';
import { desc, eq } from 'drizzle-orm';
import { trainingQuerySchema, trainingSaveSchema, trainingUpdateSchema, trainingRowSchema } from '@shared/contracts/training';
import { fallDevice, fallProject, fallTrain } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { filters, resourceRoutes } from '../../../lib/crud';
import { fileWrites } from '../../files';
import { RESOURCES } from '@shared/resources';

/** fall/train: training material with attachments. */
export async function trainingRoutes(app: AppInstance): Promise<void> {
  const files = fileWrites(app, {
    table: fallTrain,
    id: fallTrain.id,
    ownerType: 'fall_train',
    fileFields: [{ field: 'files', many: true }],
    // The references are checked on the row as it will be (the stored row with the changes on top).
    prepare: async (tx, values, current) => {
      const row = { ...current, ...values };
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
  resourceRoutes(app, RESOURCES.training, {
    rows: {
      table: fallTrain,
      row: trainingRowSchema,
      id: fallTrain.id,
      query: trainingQuerySchema,
      where: {
        name: filters.search(fallTrain.name, fallTrain.nameEn),
        projectId: filters.eq(fallTrain.projectId),
        deviceId: filters.eq(fallTrain.deviceId),
        trainFrom: filters.gte(fallTrain.trainAt),
        trainTo: filters.lte(fallTrain.trainAt),
      },
      sortable: { name: fallTrain.name, trainAt: fallTrain.trainAt, createdAt: fallTrain.createdAt },
      defaultSort: [desc(fallTrain.trainAt)],
      extra: { deviceName: fallDevice.name, deviceNameEn: fallDevice.nameEn, projectName: fallProject.name, projectNameEn: fallProject.nameEn },
      from: (q) => q.leftJoin(fallDevice, eq(fallDevice.id, fallTrain.deviceId)).leftJoin(fallProject, eq(fallProject.id, fallTrain.projectId)),
      // A training without a project is everyone's (as its permissions allow).
      project: { column: fallTrain.projectId },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'fall-train' },
    create: { body: trainingSaveSchema, write: files.create },
    update: { body: trainingUpdateSchema, write: files.update },
    remove: { write: files.remove },
  });
}
