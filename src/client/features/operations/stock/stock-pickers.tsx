import { RemoteSelect } from '@client/components/select/remote-select';
import { api } from '@client/lib/api';
import { currentLocale } from '@client/lib/i18n';
import { keysOf } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';
import { localName } from '@shared/local-name';
import { useTranslation } from 'react-i18next';

interface PickerProps {
  label?: string;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  error?: string;
  withAsterisk?: boolean;
}
const asString = (v: number | null | undefined) => (v ? String(v) : null);
const asId = (v: string | null) => (v ? Number(v) : null);

const fetchStores = async (keyword: string) => {
  const rows = await api.post<{ id: number; name: string; nameEn: string; projectName: string; projectNameEn: string }[]>(apiPath('store', 'listAll'), keyword ? { keyword } : {});
  const language = currentLocale();
  return rows.map((r) => ({ value: String(r.id), label: `${localName(r.projectName, r.projectNameEn, language)} · ${localName(r.name, r.nameEn, language)}` }));
};
const fetchParts = async (keyword: string) => {
  const rows = await api.post<{ id: number; name: string; partNo: string; equipmentName: string; equipmentNameEn: string }[]>(apiPath('sparePart', 'listAll'), keyword ? { keyword } : {});
  const language = currentLocale();
  return rows.map((r) => ({ value: String(r.id), label: `${r.name}${r.partNo ? ` (${r.partNo})` : ''} · ${localName(r.equipmentName, r.equipmentNameEn, language)}` }));
};

/** A live store, named with its project. */
export function StorePicker({ label, value, onChange, error }: PickerProps) {
  const { i18n } = useTranslation();
  return <RemoteSelect label={label} value={asString(value)} onChange={(v) => onChange(asId(v))} error={error} loader={fetchStores} queryKey={keysOf('store').options(i18n.language)} />;
}

/** A spare part, named with its unit. */
export function PartPicker({ label, value, onChange, error }: PickerProps) {
  const { i18n } = useTranslation();
  return <RemoteSelect label={label} value={asString(value)} onChange={(v) => onChange(asId(v))} error={error} loader={fetchParts} queryKey={keysOf('sparePart').options(i18n.language)} />;
}
