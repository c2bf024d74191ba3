import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EquipmentRow } from '@shared/contracts/equipment';
import { EQUIPMENT_WARRANTY_FILTERS } from '@shared/choices';
import { useDictionary } from '@client/lib/dictionary';
import { DictTag } from '@client/components/dict-tag/dict-tag';
import { ListPage } from '@client/components/list-page/list-page';
import { useDrillFilter } from '@client/components/list-page/drill-filter';
import { selectInput, type QueryFieldInputProps } from '@client/components/list-page/query-form';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { localColumn, projectColumn } from '../../../shared/work-kit/format';
import { dateTime } from '@client/lib/date-time';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import type { EquipmentValues } from './equipment-form';

function DictSelect({ type, label, value, onChange }: QueryFieldInputProps & { type: string }) {
  const dict = useDictionary(type);
  return <Select label={label} data={dict.options} clearable value={(value as string) || null} onChange={(v) => onChange(v ?? '')} />;
}

/** fall/eqInfo: installed equipment with its project, model, state and position on the site plan. */
/** The statistics screen's drill-down into equipment (state, availability, category and its filters). */
const EQUIPMENT_DRILL = ['state', 'availability', 'category', 'projectId', 'area', 'country'] as const;

export default function EquipmentPage() {
  const drill = useDrillFilter(EQUIPMENT_DRILL);
  const { t, i18n } = useTranslation('projects');
  const f = (k: KeyOf<Texts['projects']['equipment']['fields']>) => t(`equipment.fields.${k}`);
  return (
    <ListPage<EquipmentRow, EquipmentValues>
      key={i18n.language}
      title={t('equipment.title')}
      resource="equipment"
      form={() => import('./equipment-form').then((m) => m.equipmentForm)}
      drill={drill}
      queryFields={[
        { name: 'keyword', label: f('keyword') },
        { name: 'projectId', label: f('projectId'), defaultValue: null, render: ({ label, value, onChange }) => <ProjectPicker label={label} value={(value as number | null) ?? null} onChange={onChange} /> },
        { name: 'state', label: f('state'), render: (p) => <DictSelect type="device_state" {...p} /> },
        { name: 'category', label: f('category'), render: (p) => <DictSelect type="device_category" {...p} /> },
        { name: 'warranty', label: f('warranty'), render: selectInput(EQUIPMENT_WARRANTY_FILTERS.map((v) => ({ value: v, label: t(`equipment.warranty.${v}`) }))) },
      ]}
      columns={[
        localColumn<EquipmentRow>('name', f('name'), i18n.language),
        { prop: 'serial', label: f('serial') },
        projectColumn(f('projectName'), i18n.language),
        localColumn<EquipmentRow>('deviceName', f('deviceName'), i18n.language),
        { prop: 'category', label: f('category'), render: (r) => <DictTag type="device_category" value={r.category} /> },
        { prop: 'state', label: f('state'), render: (r) => <DictTag type="device_state" value={r.state} /> },
        { prop: 'stateSince', label: f('stateSince'), nowrap: true, render: (r) => dateTime(r.stateSince) },
        { prop: 'warrantyEnd', label: f('warrantyEnd'), nowrap: true },
      ]}
    />
  );
}
