import type { AppInstance } from '../../app-instance';
import { BILL_STATE } from '@shared/dictionaries';
import { desc, eq } from 'drizzle-orm';
import { billRecordQuerySchema, billRecordRowSchema } from '@shared/contracts/app';
import { appBill, appBillRecord } from '../../db/schema';
import { filters, registerCrud } from '../../lib/crud';
import { RESOURCES } from '@shared/resources';

/** app/bill-record: the history the bill routes write; users only read and export it. */
export async function billRecordRoutes(app: AppInstance): Promise<void> {
  registerCrud(app, {
    resource: RESOURCES.billRecord,
    table: appBillRecord,
    row: billRecordRowSchema,
    id: appBillRecord.id,
    // Never registered (save and update are left out); registerCrud derives its update body from it.
    create: billRecordQuerySchema,
    query: billRecordQuerySchema,
    where: {
      number: filters.like(appBill.number),
      billId: filters.eq(appBillRecord.billId),
      toState: filters.eq(appBillRecord.toState),
    },
    sortable: { at: appBillRecord.at, billNumber: appBill.number },
    defaultSort: [desc(appBillRecord.at)],
    extra: { billNumber: appBill.number },
    from: (q) => q.leftJoin(appBill, eq(appBill.id, appBillRecord.billId)),
    without: ['listAll', 'save', 'update', 'delete'],
    exportName: 'app-bill-record',
    exportLabels: { fromState: BILL_STATE, toState: BILL_STATE },
  });
}
