import type { LocaleShape } from '../types';
import type cn from '../cn/stock';

const stock: LocaleShape<typeof cn> = {
  store: {
    title: 'Parts stores',
    fields: { projectId: 'Project', name: 'Store', nameEn: 'English name', remark: 'Remark', parts: 'Parts in stock', quantity: 'Items on hand', keyword: 'Name' },
  },
  move: {
    title: 'Stock moves',
    add: 'Receive or adjust',
    fields: {
      at: 'Time', partId: 'Part', storeId: 'Store', kind: 'Kind', quantity: 'Quantity', unitCost: 'Unit cost', reason: 'Reason', orderNumber: 'Order', by: 'By', keyword: 'Part / reason',
      projectId: 'Project', atFrom: 'From', atTo: 'To',
    },
    quantityHint: 'A receipt is positive; an adjustment either (negative takes away)',
  },
  reorder: {
    title: 'Reorder list',
    fields: { projectName: 'Project', storeName: 'Store', partName: 'Part', partNo: 'Part no.', equipmentName: 'Unit', quantity: 'On hand', reorderPoint: 'Reorder point', shortBy: 'Order', unitCost: 'Unit cost', keyword: 'Part name / number', projectId: 'Project', storeId: 'Store' },
  },
  report: {
    parts: 'Parts used',
    partsHint: "Taken from this project's stores when the report is filed; not enough in stock and the report is not filed",
    add: 'Add a part',
    part: 'Part (store)',
    quantity: 'Quantity',
    remove: 'Remove',
    onHand: '{{n}} on hand',
    none: "No parts in this project's stores",
  },
  cost: {
    title: 'Parts cost',
    total: 'Total',
    quantity: 'Parts issued',
    orders: 'Orders',
    byMonth: 'By month',
    byOrder: 'By order',
    byUnit: 'By unit',
    month: 'Month',
    order: 'Order',
    unit: 'Unit',
    cost: 'Cost',
    moves: 'Issue moves',
    noUnit: 'No unit',
    empty: 'No parts were taken from stock in this period',
    drillTitle: 'Parts issued: {{what}}',
    at: 'Time',
    part: 'Part',
    store: 'Store',
    unitCost: 'Unit cost',
  },
  print: {
    reliability: 'Reliability (show hours)',
    reliabilityNote: 'Availability counts only the show hours of the operating calendar; MTTR is the mean downtime, MTBF the mean show time between downtimes.',
    availability: 'Availability',
    mttr: 'MTTR',
    mtbf: 'MTBF',
    episodes: 'Downtimes',
    downtime: 'Downtime in shows',
    showHours: 'Show hours',
    project: 'Project',
    partsCost: 'Parts cost',
    partsNote: 'Parts taken from stock for orders, at the unit cost they were issued at.',
    topOrders: 'Costliest orders',
  },
};
export default stock;
