/** Words used across the whole client. */
const common = {
  appName: 'Cascade 水景运维平台',
  language: '语言',
  languages: { cn: '中文', en: 'English' },
  actions: {
    query: '查询', clear: '重置', add: '新增', edit: '修改', delete: '删除', save: '保存', cancel: '取消', confirm: '确定',
    export: '导出', import: '导入', upload: '上传', download: '下载', refresh: '刷新', back: '返回', close: '关闭',
    view: '查看', more: '更多', expand: '展开', collapse: '收起', logout: '退出登录', retry: '重试',
  },
  states: { loading: '加载中...', empty: '暂无数据', error: '加载失败' },
  truncated: '仅载入了前 {{shown}} 条（共 {{total}} 条），请缩小查询范围查看其余。',
  notBuilt: '该页面尚未建成',
  notBuiltHint: '菜单已配置，但页面“{{name}}”还在建设中。',
} as const;
export default common;
