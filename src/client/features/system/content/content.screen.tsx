import { useTranslation } from 'react-i18next';
import type { Content } from '@shared/contracts/content';
import { CONTENT_TYPES } from '@shared/choices';
import { ListPage } from '@client/components/list-page/list-page';
import { selectInput } from '@client/components/list-page/query-form';
import { dateTime } from '@client/lib/date-time';
import { localName } from '@shared/local-name';
import type { ContentValues } from './content-form';

const when = (v: string | null) => dateTime(v);

export default function ContentPage() {
  const { t, i18n } = useTranslation('sysadmin');
  return (
    <ListPage<Content, ContentValues>
      key={i18n.language}
      title={t('content.title')}
      resource="content"
      form={() => import('./content-form').then((m) => m.contentForm)}
      queryFields={[
        { name: 'title', label: t('content.name') },
        {
          name: 'type',
          label: t('content.type'),
          render: selectInput(CONTENT_TYPES.map((v) => ({ value: v, label: t(`content.types.${v}`) }))),
        },
      ]}
      columns={[
        { prop: 'title', label: t('content.name'), render: (row) => localName(row.title, row.titleEn, i18n.language) },
        { prop: 'type', label: t('content.type'), render: (row) => t(`content.types.${row.type}`) },
        { prop: 'published', label: t('content.published'), render: (row) => (row.published ? t('common.yes') : t('common.no')) },
        { prop: 'fromAt', label: t('content.fromAt'), nowrap: true, render: (row) => when(row.fromAt) },
        { prop: 'toAt', label: t('content.toAt'), nowrap: true, render: (row) => when(row.toAt) },
        { prop: 'createdAt', label: t('content.createdAt'), nowrap: true, render: (row) => when(row.createdAt) },
      ]}
    />
  );
}
