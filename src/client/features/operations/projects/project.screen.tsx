import { Badge, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ProjectRow } from '@shared/contracts/project';
import { localName } from '@shared/local-name';
import { useDictionary } from '@client/lib/dictionary';
import { DictTag } from '@client/components/dict-tag/dict-tag';
import { ListPage } from '@client/components/list-page/list-page';
import type { QueryFieldInputProps } from '@client/components/list-page/query-form';
import { countryName } from '@shared/country';
import type { ProjectValues } from './project-form';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';

function DictSelect({ type, label, value, onChange }: QueryFieldInputProps & { type: string }) {
  const dict = useDictionary(type);
  return <Select label={label} data={dict.options} clearable value={(value as string) || null} onChange={(v) => onChange(v ?? '')} />;
}

/** fall/project: the project list with status tags, and one dialog for every field of docs/domain.md §3. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation('projects');
  const area = useDictionary('area');
  const f = (k: KeyOf<Texts['projects']['project']['fields']>) => t(`project.fields.${k}`);
  return (
    <ListPage<ProjectRow, ProjectValues>
      key={i18n.language}
      title={t('project.title')}
      resource="project"
      form={() => import('./project-form').then((m) => m.projectForm)}
      queryFields={[
        { name: 'keyword', label: f('keyword'), render: ({ label, value, onChange }) => <TextInput label={label} placeholder={t('project.keyword')} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} /> },
        { name: 'status', label: f('status'), render: (p) => <DictSelect type="xmzt" {...p} /> },
        { name: 'area', label: f('area'), render: (p) => <DictSelect type="area" {...p} /> },
        { name: 'waterType', label: f('waterType'), render: (p) => <DictSelect type="water_type" {...p} /> },
      ]}
      columns={[
        {
          prop: 'name',
          label: f('name'),
          // One language at a time: the name in the screen's language.
          render: (r) => localName(r.name, r.nameEn, i18n.language),
        },
        { prop: 'uniqueKey', label: f('uniqueKey') },
        { prop: 'status', label: f('status'), render: (r) => <DictTag type="xmzt" value={r.status} /> },
        { prop: 'waterType', label: f('waterType'), render: (r) => <DictTag type="water_type" value={r.waterType} /> },
        { prop: 'area', label: f('area'), render: (r) => area.labelOf(r.area) },
        { prop: 'country', label: f('country'), render: (r) => countryName(r.country, i18n.language) },
        { prop: 'city', label: f('city'), render: (r) => localName(r.city, r.cityEn, i18n.language) },
        { prop: 'projectTypeName', label: f('projectType'), render: (r) => (r.projectTypeName === null ? r.projectType : localName(r.projectTypeName, r.projectTypeNameEn, i18n.language)) },
        { prop: 'isPublic', label: f('isPublic'), render: (r) => (r.isPublic ? <Badge variant="light" color="teal">{t('project.yes')}</Badge> : null) },
        { prop: 'createdAt', label: f('createdAt'), display: false, render: (r) => dayjs(r.createdAt).format('YYYY-MM-DD') },
      ]}
    />
  );
}
