import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/constants';
import type { RoleRow } from '@shared/contracts/roles';
import { ListPage } from '@client/components/list-page/list-page';
import type { TableColumn } from '@client/components/table/types';
import type { RoleFormValues } from './components/role-form';
import { localName } from '@shared/local-name';
import { dateTime } from '@client/lib/date-time';

/** sys/role: roles and the directories, menus and buttons each one grants. */
export default function RolesPage() {
  const { t, i18n } = useTranslation('identity');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'cn';
  const columns: TableColumn<RoleRow>[] = [
    { prop: 'code', label: t('roles.fields.code'), display: 'always' },
    { prop: 'name', label: t('roles.fields.name'), render: (row) => localName(row.name, row.nameEn, lang) },
    { prop: 'nameEn', label: t('roles.fields.nameEn'), display: false },
    { prop: 'userCount', label: t('roles.fields.userCount'), width: 90 },
    { prop: 'remark', label: t('roles.fields.remark'), render: (row) => localName(row.remark, row.remarkEn, lang) },
    { prop: 'createdAt', label: t('users.fields.createdAt'), width: 170, nowrap: true, render: (row) => dateTime(row.createdAt) },
  ];
  return (
    <ListPage<RoleRow, RoleFormValues>
      title={t('roles.title')}
      resource="role"
      screen="sys/role"
      queryFields={[
        { name: 'code', label: t('roles.fields.code') },
        { name: 'name', label: t('roles.fields.name') },
      ]}
      columns={columns}
      form={() => import('./components/role-form').then((m) => m.roleForm)}
    />
  );
}
