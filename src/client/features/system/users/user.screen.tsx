import { Badge, Button, Group, Switch } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPER_USER_ID, type Locale } from '@shared/constants';
import type { UserFormValues, UserRow } from '@shared/contracts/users';
import { USER_STATUS } from '@shared/dictionaries';
import { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import type { TableColumn } from '@client/components/table/types';
import { StatusTag } from '@client/components/tags/status-tag';
import { messageBox } from '@client/components/message-box/message-box';
import { toast } from '@client/components/feedback/toast';
import { useRoleOptions } from './api/get-role-options';
import { useResetPassword } from './api/reset-password';
import { useSetUserStatus } from './api/set-user-status';
import { localName } from '@shared/local-name';
import { dateTime } from '@client/lib/date-time';
import { permissionOf } from '@client/lib/resources';

/** sys/user: users with roles, status (normal / disabled / expired), expiry, password reset and enable/disable. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('identity');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'cn';
  const canReset = useCan(permissionOf('user', 'resetPassword'));
  const canStatus = useCan(permissionOf('user', 'status'));
  const roles = useRoleOptions();
  const reset = useResetPassword();
  const setStatus = useSetUserStatus();

  const askReset = async (row: UserRow) => {
    // The password rule is the contract's, loaded with the prompt rather than with the list.
    const { passwordSchema } = await import('@shared/contracts/users');
    const password = await messageBox.prompt(t('users.resetPrompt', { username: row.username }), {
      title: t('users.resetPassword'),
      inputValidator: (value) => {
        const result = passwordSchema.safeParse(value);
        return result.success || tMessage(result.error.issues[0].message);
      },
    });
    if (password === null) return;
    reset.mutate({ id: row.id, password }, { onSuccess: () => toast.success(() => t('users.resetDone')), onError: (e) => toast.error(e.message) });
  };

  const toggle = async (row: UserRow, enable: boolean) => {
    if (!enable && !(await messageBox.confirm(t('users.disableConfirm', { username: row.username })))) return;
    setStatus.mutate({ id: row.id, status: enable ? 1 : 0 }, { onSuccess: () => toast.success(() => t('users.statusDone')), onError: (e) => toast.error(e.message) });
  };

  const statusCell = (row: UserRow) => {
    const tag = row.expired ? <Badge variant="light" color="gray" radius="sm">{t('users.expired')}</Badge> : <StatusTag kind="userStatus" value={row.status} />;
    if (!canStatus || row.id === SUPER_USER_ID) return tag;
    return (
      <Group gap={6} wrap="nowrap">
        <Switch
          size="sm"
          aria-label={`${row.status === 1 ? t('users.disable') : t('users.enable')} ${row.username}`}
          checked={row.status === 1}
          onChange={(e) => void toggle(row, e.currentTarget.checked)}
        />
        {tag}
      </Group>
    );
  };

  const columns: TableColumn<UserRow>[] = [
    { prop: 'username', label: t('users.fields.username'), display: 'always' },
    { prop: 'realName', label: t('users.fields.realName'), render: (r) => localName(r.realName, r.realNameEn, i18n.language) },
    { prop: 'phone', label: t('users.fields.phone') },
    { prop: 'email', label: t('users.fields.email'), display: false },
    { prop: 'roleNames', label: t('users.fields.roles'), render: (r) => (i18n.language === 'en' ? r.roleNamesEn : r.roleNames) },
    { prop: 'status', label: t('users.fields.status'), width: 140, render: statusCell },
    {
      prop: 'expireAt',
      label: t('users.fields.expireAt'),
      width: 170,
      nowrap: true,
      render: (row) => (row.expireAt ? dateTime(row.expireAt) : t('users.never')),
    },
    ...(canReset
      ? [{
          prop: 'resetPassword',
          label: t('users.resetPassword'),
          ignore: true,
          width: 120,
          render: (row: UserRow) =>
            row.id === SUPER_USER_ID ? null : (
              <Button size="compact-xs" variant="subtle" leftSection={<IconKey size={12} />} onClick={() => void askReset(row)} aria-label={`${t('users.resetPassword')} ${row.username}`}>
                {t('users.resetPassword')}
              </Button>
            ),
        }]
      : []),
  ];

  return (
    <ListPage<UserRow, UserFormValues>
      title={t('users.title')}
      resource="user"
      screen="sys/user"
      queryFields={[
        { name: 'username', label: t('users.fields.username') },
        { name: 'realName', label: t('users.fields.realName') },
        { name: 'phone', label: t('users.fields.phone') },
        {
          name: 'status',
          label: t('users.fields.status'),
          render: selectInput(USER_STATUS.map((s) => ({ value: s.value, label: s[lang] }))),
        },
        {
          name: 'roleId',
          label: t('users.fields.roles'),
          render: selectInput((roles.data ?? []).map((r) => ({ value: String(r.id), label: localName(r.name, r.nameEn, lang) }))),
        },
      ]}
      columns={columns}
      form={() => import('./components/user-form').then((m) => m.userForm)}
    />
  );
}
