import type { LocaleShape } from '../types';
import type cnApp from '../cn/app';

const app: LocaleShape<typeof cnApp> = {
  customers: {
    title: 'Customers',
    name: 'Customer name',
    sex: 'Sex',
    phone: 'Mobile',
    idCard: 'ID number',
    email: 'Email',
    status: 'Status',
    createdAt: 'Created',
  },
  bills: {
    title: 'Bills',
    number: 'Bill number',
    customer: 'Customer',
    cardNumber: 'Card number',
    amount: 'Amount',
    billType: 'Bill type',
    billRate: 'Bill rate',
    billState: 'Bill state',
    at: 'Bill time',
    reason: 'Reason for the change',
    changeState: 'Change state',
    changeStateTitle: 'Change bill state · {{number}}',
    newState: 'New state',
    stateChanged: 'Bill state changed',
  },
  records: {
    title: 'Bill records',
    billNumber: 'Bill number',
    fromState: 'From',
    toState: 'To',
    byUser: 'By',
    reason: 'Reason',
    at: 'Time',
  },
};
export default app;
