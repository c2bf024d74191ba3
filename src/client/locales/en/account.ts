import type { LocaleShape } from '../types';
import type cn from '../cn/account';

const account: LocaleShape<typeof cn> = {
  title: 'Personal information',
  profile: {
    title: 'Profile',
    username: 'Username',
    roles: 'Roles',
    realName: 'Real name',
    phone: 'Mobile phone',
    email: 'Email',
    save: 'Save profile',
    saved: 'Profile saved',
  },
  password: {
    title: 'Change password',
    current: 'Current password',
    next: 'New password',
    nextHint: 'At least 6 characters',
    confirm: 'Confirm new password',
    submit: 'Change password',
    changed: 'Password changed',
  },
};
export default account;
