import type { LocaleShape } from '../types';
import type cn from '../cn/auth';

const auth: LocaleShape<typeof cn> = {
  login: {
    title: 'Welcome',
    subtitle: 'Sign in to the back-office with your account',
    username: 'Username',
    password: 'Password',
    captcha: 'Verification code',
    captchaImage: 'Verification code image, click to refresh',
    submit: 'Log in',
    demo: 'Demo accounts: admin / admin123 (administrator) · manager / manager123 (manager) · operator / operator123 (technician) · viewer / viewer123 (read only)',
    portal: 'Back to the portal',
  },
  login2: {
    title: 'Project access',
    subtitle: 'Viewing more of this project needs the access password issued by the administrator',
    projectId: 'Project number',
    password: 'Access password',
    submit: 'Open the project',
  },
};
export default auth;
