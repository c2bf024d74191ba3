import type { QueryField } from '@client/components/list-page/query-form';
import { RemoteSelect } from '@client/components/select/remote-select';
import { keysOf } from '@client/lib/resource-keys';
import { useTranslation } from 'react-i18next';
import { fetchChecklistOptions, fetchDeviceOptions, fetchEquipmentOptions, fetchOrderOptions, fetchProjectOptions, projectOptionsKey } from './work-api';

interface PickerProps {
  label?: string;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  error?: string;
  disabled?: boolean;
}

const asString = (v: number | null | undefined) => (v ? String(v) : null);
const asId = (v: string | null) => (v ? Number(v) : null);

export function ProjectPicker({ label, value, onChange, error, disabled }: PickerProps) {
  const { i18n } = useTranslation();
  return (
    <RemoteSelect label={label} value={asString(value)} onChange={(v) => onChange(asId(v))} error={error} disabled={disabled} loader={fetchProjectOptions} queryKey={projectOptionsKey(i18n.language)} />
  );
}

/** The project filter of a list's query form; no project is '' there, the query form's empty value. */
export const projectQueryField = (label: string): QueryField => ({
  name: 'projectId',
  label,
  render: (p) => <ProjectPicker label={p.label} value={p.value ? Number(p.value) : null} onChange={(id) => p.onChange(id ?? '')} />,
});

/** Equipment of one project (all projects when none is chosen yet). */
export function EquipmentPicker({ projectId, ...p }: PickerProps & { projectId: number | null | undefined }) {
  const { i18n } = useTranslation();
  return (
    <RemoteSelect
      label={p.label}
      value={asString(p.value)}
      onChange={(v) => p.onChange(asId(v))}
      error={p.error}
      disabled={p.disabled}
      loader={(search) => fetchEquipmentOptions(projectId ?? null, search)}
      queryKey={keysOf('equipment').options(projectId ?? null, i18n.language)}
    />
  );
}

export function OrderPicker({ label, value, onChange, error, disabled }: PickerProps) {
  return <RemoteSelect label={label} value={asString(value)} onChange={(v) => onChange(asId(v))} error={error} disabled={disabled} loader={fetchOrderOptions} queryKey={keysOf('order').options()} />;
}

/** A checklist template (fall/checklist) an order's reports fill. */
export function ChecklistPicker({ label, value, onChange, error, disabled }: PickerProps) {
  const { i18n } = useTranslation();
  return <RemoteSelect label={label} value={asString(value)} onChange={(v) => onChange(asId(v))} error={error} disabled={disabled} loader={fetchChecklistOptions} queryKey={keysOf('checklist').options(i18n.language)} />;
}

export function DevicePicker({ label, value, onChange, error, disabled }: PickerProps) {
  const { i18n } = useTranslation();
  return <RemoteSelect label={label} value={asString(value)} onChange={(v) => onChange(asId(v))} error={error} disabled={disabled} loader={fetchDeviceOptions} queryKey={keysOf('device').options(i18n.language)} />;
}
