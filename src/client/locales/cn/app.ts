/** Application screens: customers, bills and bill records. */
const app = {
  customers: {
    title: '客户管理',
    name: '客户名称',
    sex: '性别',
    phone: '手机号',
    idCard: '证件号码',
    email: '邮箱',
    status: '状态',
    createdAt: '创建时间',
  },
  bills: {
    title: '账单管理',
    number: '账单编号',
    customer: '客户',
    cardNumber: '卡号',
    amount: '金额',
    billType: '账单类型',
    billRate: '账单费率',
    billState: '账单状态',
    at: '账单时间',
    reason: '变更原因',
    changeState: '变更状态',
    changeStateTitle: '变更账单状态 · {{number}}',
    newState: '新状态',
    stateChanged: '账单状态已变更',
  },
  records: {
    title: '账单记录',
    billNumber: '账单编号',
    fromState: '原状态',
    toState: '新状态',
    byUser: '操作人',
    reason: '原因',
    at: '时间',
  },
};
export default app;
