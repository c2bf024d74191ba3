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
    demo: 'Demo account: admin / admin123',
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
