import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localName } from '@shared/local-name';
import { assigneesQueryOptions } from './assignment-api';

interface AssigneePickerProps {
  projectId: number | null | undefined;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  error?: string;
  /** The current assignee's name, shown while the choices load (or when they no longer cover the project). */
  currentName?: string | null;
}

/** The order dialog's assignee: only the users whose data scope covers the order's project (the server says which). */
export function AssigneePicker({ projectId, value, onChange, error, currentName }: AssigneePickerProps) {
  const { t, i18n } = useTranslation('assign');
  const users = useQuery(assigneesQueryOptions(projectId ?? null));
  const data = (users.data ?? []).map((u) => ({ value: String(u.id), label: (u.realName ? localName(u.realName, u.realNameEn, i18n.language) : '') || u.username }));
  if (value && !data.some((d) => d.value === String(value))) data.push({ value: String(value), label: currentName || String(value) });
  return (
    <Select
      label={t('order.assignee')}
      description={t('order.assigneeHint')}
      placeholder={t('order.unassigned')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      disabled={!projectId}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
