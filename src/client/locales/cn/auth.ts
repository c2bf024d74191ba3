/** Login (back-office) and login2 (project visitor password). */
const auth = {
  login: {
    title: '欢迎登录',
    subtitle: '请使用您的账号登录管理后台',
    username: '用户名',
    password: '密码',
    captcha: '验证码',
    captchaImage: '验证码图片，点击刷新',
    submit: '登录',
    demo: '演示账号：admin / admin123（管理员）· manager / manager123（经理）· operator / operator123（技术员）· viewer / viewer123（只读）',
    portal: '返回门户',
  },
  login2: {
    title: '项目访问',
    subtitle: '查看更多项目详情需要管理员提供的访问密码',
    projectId: '项目编号',
    password: '访问密码',
    submit: '进入项目',
  },
} as const;
export default auth;
