import type { AppInstance } from '../../app-instance';
import { BILL_STATE } from '@shared/dictionaries';
import { desc, eq } from 'drizzle-orm';
import { billRecordQuerySchema, billRecordRowSchema } from '@shared/contracts/app';
import { appBill, appBillRecord } from '../../db/schema';
import { filters, resourceRoutes } from '../../lib/crud';
import { RESOURCES } from '@shared/resources';

/** app/bill-record: the history the bill routes write; users only read and export it. */
export async function billRecordRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.billRecord, {
    rows: {
      table: appBillRecord,
      row: billRecordRowSchema,
      id: appBillRecord.id,
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
    },
    list: true,
    read: true,
    export: { name: 'app-bill-record', labels: { fromState: BILL_STATE, toState: BILL_STATE } },
  });
}
