/** Fixed code values of spec §3–§4 and docs/domain.md §3, with labels in both languages and tag colours. */

/** The spec's tag colours (spec §4), plus `accent` (violet) so seven project statuses get seven colours on the map. */
export type TagColor = 'primary' | 'success' | 'warning' | 'danger' | 'info' | 'default' | 'accent';

export interface DictItem {
  value: string;
  cn: string;
  en: string;
  color?: TagColor;
}

/** Project status (xmzt), spec §3. */
export const XMZT: DictItem[] = [
  { value: 'A', cn: '已建', en: 'Build', color: 'success' },
  { value: 'C', cn: '在建', en: 'Building', color: 'primary' },
  { value: 'B', cn: '设计', en: 'Design', color: 'info' },
  { value: 'D', cn: '拟建', en: 'Proposed', color: 'default' },
  { value: 'E', cn: '产品', en: 'Product', color: 'warning' },
  { value: 'F', cn: '集团', en: 'Group', color: 'accent' },
  { value: 'G', cn: '公司总部', en: 'Company Headquarters', color: 'danger' },
];

/** userStatus: 0 disabled (禁用), 1 normal (正常), in the tag colours of spec §4. */
export const USER_STATUS: DictItem[] = [
  { value: '1', cn: '正常', en: 'Normal', color: 'success' },
  { value: '0', cn: '禁用', en: 'Disabled', color: 'warning' },
];
/** menuStatus: 1 disabled, 0 normal (the reverse of userStatus, as spec §3 says). */
export const MENU_STATUS: DictItem[] = [
  { value: '0', cn: '正常', en: 'Normal', color: 'success' },
  { value: '1', cn: '禁用', en: 'Disabled', color: 'warning' },
];
export const MENU_TYPES: DictItem[] = [
  { value: '0', cn: '目录', en: 'Directory' },
  { value: '1', cn: '菜单', en: 'Menu' },
  { value: '2', cn: '按钮', en: 'Button' },
];
/** Sex tag: 1 male, 0 female, 2 unknown. */
export const SEX: DictItem[] = [
  { value: '1', cn: '男', en: 'Male', color: 'primary' },
  { value: '0', cn: '女', en: 'Female', color: 'danger' },
  { value: '2', cn: '未知', en: 'Unknown', color: 'default' },
];

export const WATER_TYPE: DictItem[] = [
  { value: 'fountain', cn: '喷泉', en: 'Fountain' },
  { value: 'waterfall', cn: '瀑布', en: 'Waterfall' },
  { value: 'curtain', cn: '水幕', en: 'Water curtain' },
  { value: 'musical', cn: '音乐喷泉', en: 'Musical fountain' },
  { value: 'drydeck', cn: '旱地喷泉', en: 'Dry-deck fountain' },
  { value: 'other', cn: '其他', en: 'Other' },
];
export const DEVICE_CATEGORY: DictItem[] = [
  { value: 'pump', cn: '水泵', en: 'Pump' },
  { value: 'nozzle', cn: '喷头', en: 'Nozzle' },
  { value: 'light', cn: '灯光', en: 'Light' },
  { value: 'valve', cn: '阀门', en: 'Valve' },
  { value: 'controller', cn: '控制器', en: 'Controller' },
  { value: 'sensor', cn: '传感器', en: 'Sensor' },
  { value: 'camera', cn: '摄像头', en: 'Camera' },
  { value: 'other', cn: '其他', en: 'Other' },
];
export const DEVICE_STATE: DictItem[] = [
  { value: 'normal', cn: '正常', en: 'Normal', color: 'success' },
  { value: 'broken', cn: '故障', en: 'Broken', color: 'danger' },
  { value: 'maintenance', cn: '维修中', en: 'Maintenance', color: 'warning' },
  { value: 'offline', cn: '离线', en: 'Offline', color: 'default' },
];
export const CONTROL_MODE: DictItem[] = [
  { value: 'local', cn: '本地控制', en: 'Local' },
  { value: 'remote', cn: '远程控制', en: 'Remote' },
  { value: 'timer', cn: '定时控制', en: 'Timer' },
  { value: 'music', cn: '音乐联动', en: 'Music-synchronised' },
];
export const ORDER_STATUS: DictItem[] = [
  { value: 'submitted', cn: '已提交', en: 'Submitted', color: 'info' },
  { value: 'accepted', cn: '已受理', en: 'Accepted', color: 'primary' },
  { value: 'repairing', cn: '维修中', en: 'Repairing', color: 'warning' },
  { value: 'confirming', cn: '待确认', en: 'Confirming', color: 'primary' },
  { value: 'completed', cn: '已完成', en: 'Completed', color: 'success' },
  { value: 'closed', cn: '已关闭', en: 'Closed', color: 'default' },
];
export const ORDER_PRIORITY: DictItem[] = [
  { value: 'low', cn: '低', en: 'Low', color: 'default' },
  { value: 'normal', cn: '中', en: 'Normal', color: 'primary' },
  { value: 'high', cn: '高', en: 'High', color: 'warning' },
  { value: 'urgent', cn: '紧急', en: 'Urgent', color: 'danger' },
];
export const REPAIR_RESULT: DictItem[] = [
  { value: 'fixed', cn: '已修复', en: 'Fixed', color: 'success' },
  { value: 'not_fixed', cn: '未修复', en: 'Not fixed', color: 'danger' },
];
/** Where an order came from (a person, a warning's automatic order, the predictive detector, or a failed checklist's corrective order). */
export const ORDER_SOURCE: DictItem[] = [
  { value: 'manual', cn: '人工提交', en: 'Manual' },
  { value: 'warning', cn: '告警生成', en: 'From a warning' },
  { value: 'preventive', cn: '预测性维护', en: 'Preventive' },
  { value: 'checklist', cn: '检查表不合格', en: 'From a checklist' },
];
/** Warning level, kind and result (docs/domain.md §5); an open warning has no result. */
export const WARNING_LEVEL: DictItem[] = [
  { value: 'info', cn: '提示', en: 'Info' },
  { value: 'warning', cn: '警告', en: 'Warning' },
  { value: 'critical', cn: '严重', en: 'Critical' },
];
export const WARNING_KIND: DictItem[] = [
  { value: 'channel', cn: '通道', en: 'Channel' },
  { value: 'offline', cn: '离线', en: 'Offline' },
  { value: 'sensor', cn: '传感器', en: 'Sensor' },
];
export const WARNING_RESULT: DictItem[] = [
  { value: 'fixed', cn: '已修复', en: 'Fixed' },
  { value: 'not_fixed', cn: '未修复', en: 'Not fixed' },
  { value: 'closed', cn: '已关闭（归档）', en: 'Closed (archived)' },
];
/** What a sensor measures (src/shared/contracts/sensor.ts SENSOR_KINDS). */
export const SENSOR_KIND: DictItem[] = [
  { value: 'water_level', cn: '水位', en: 'Water level' },
  { value: 'pressure', cn: '压力', en: 'Pressure' },
  { value: 'flow', cn: '流量', en: 'Flow' },
  { value: 'temperature', cn: '温度', en: 'Temperature' },
  { value: 'wind', cn: '风速', en: 'Wind' },
];
/** The bill dictionaries, in the tag colours of spec §4 verbatim. */
export const BILL_TYPE: DictItem[] = [
  { value: '0', cn: '支出', en: 'Expense', color: 'danger' },
  { value: '1', cn: '收入', en: 'Income', color: 'primary' },
];
export const BILL_RATE: DictItem[] = [
  { value: '0', cn: '普通', en: 'Standard', color: 'primary' },
  { value: '1', cn: '加急', en: 'Expedited', color: 'warning' },
];
export const BILL_STATE: DictItem[] = [
  { value: '0', cn: '新建', en: 'New', color: 'primary' },
  { value: '1', cn: '待支付', en: 'Awaiting payment', color: 'warning' },
  { value: '2', cn: '处理中', en: 'Processing', color: 'primary' },
  { value: '3', cn: '已完成', en: 'Completed', color: 'success' },
  { value: '4', cn: '已取消', en: 'Cancelled', color: 'danger' },
];

/** The dictionaries seeded into sys_dictionary; the server's `dictionary` call serves them by type. */
export const BUILT_IN_DICTIONARIES: Record<string, { cn: string; en: string; items: DictItem[] }> = {
  xmzt: { cn: '项目状态', en: 'Project status', items: XMZT },
  sex: { cn: '性别', en: 'Sex', items: SEX },
  water_type: { cn: '水景类型', en: 'Water type', items: WATER_TYPE },
  device_category: { cn: '设备类别', en: 'Device category', items: DEVICE_CATEGORY },
  device_state: { cn: '设备状态', en: 'Device state', items: DEVICE_STATE },
  control_mode: { cn: '控制方式', en: 'Control mode', items: CONTROL_MODE },
  order_status: { cn: '工单状态', en: 'Order status', items: ORDER_STATUS },
  order_priority: { cn: '工单优先级', en: 'Order priority', items: ORDER_PRIORITY },
  repair_result: { cn: '维修结果', en: 'Repair result', items: REPAIR_RESULT },
  bill_type: { cn: '账单类型', en: 'Bill type', items: BILL_TYPE },
  bill_rate: { cn: '账单费率', en: 'Bill rate', items: BILL_RATE },
  bill_state: { cn: '账单状态', en: 'Bill state', items: BILL_STATE },
  user_status: { cn: '用户状态', en: 'User status', items: USER_STATUS },
  menu_status: { cn: '菜单状态', en: 'Menu status', items: MENU_STATUS },
};
