import { useTranslation } from 'react-i18next';
import type { AppUserRow } from '@shared/contracts/app';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { SexTag } from '@client/components/tags/sex-tag';
import { StatusTag } from '@client/components/tags/status-tag';
import { useDictionary } from '@client/lib/dictionary';
import { useStatusOptions } from './status-options';
import { dateTime } from '@client/lib/date-time';
import type { CustomerValues } from './customer-form';

/** app/user: customer accounts. */
export default function CustomersPage() {
  const { t, i18n } = useTranslation('app');
  const sex = useDictionary('sex');
  const status = useStatusOptions();
  return (
    <ListPage<AppUserRow, CustomerValues>
      key={i18n.language}
      title={t('customers.title')}
      resource="customer"
      form={() => import('./customer-form').then((m) => m.customerForm)}
      queryFields={[
        { name: 'name', label: t('customers.name') },
        { name: 'phone', label: t('customers.phone') },
        {
          name: 'sex',
          label: t('customers.sex'),
          render: selectInput(sex.options),
        },
        {
          name: 'status',
          label: t('customers.status'),
          render: selectInput(status),
        },
      ]}
      columns={[
        { prop: 'name', label: t('customers.name') },
        { prop: 'sex', label: t('customers.sex'), render: (row) => <SexTag value={row.sex} /> },
        { prop: 'phone', label: t('customers.phone') },
        { prop: 'idCard', label: t('customers.idCard') },
        { prop: 'email', label: t('customers.email') },
        { prop: 'status', label: t('customers.status'), render: (row) => <StatusTag kind="userStatus" value={row.status} /> },
        { prop: 'createdAt', label: t('customers.createdAt'), nowrap: true, render: (row) => dateTime(row.createdAt) },
      ]}
    />
  );
}
