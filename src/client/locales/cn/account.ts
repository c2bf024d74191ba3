/** /main/account: personal information and password. */
const account = {
  title: '个人信息',
  profile: {
    title: '基本资料',
    username: '用户名',
    roles: '角色',
    realName: '姓名',
    phone: '手机号',
    email: '邮箱',
    save: '保存资料',
    saved: '资料已保存',
  },
  password: {
    title: '修改密码',
    current: '当前密码',
    next: '新密码',
    nextHint: '至少 6 位',
    confirm: '确认新密码',
    submit: '修改密码',
    changed: '密码已修改',
  },
} as const;
export default account;
