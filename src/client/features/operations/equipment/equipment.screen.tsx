import { useState } from 'react';
import { Badge, Button, Select, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { api, ApiError } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { permissionOf } from '@client/lib/resources';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import { Dialog } from '@client/components/dialog/dialog';
import { toast } from '@client/components/feedback/toast';
import { DateTimePicker } from '@client/components/form/date-pickers';
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
import { localName } from '@shared/local-name';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import type { EquipmentValues } from './equipment-form';
import { ChecklistHistory } from './checklist-history';

function DictSelect({ type, label, value, onChange }: QueryFieldInputProps & { type: string }) {
  const dict = useDictionary(type);
  return <Select label={label} data={dict.options} clearable value={(value as string) || null} onChange={(v) => onChange(v ?? '')} />;
}

/** fall/eqInfo: installed equipment with its project, model, state and position on the site plan. */
/** The statistics screen's drill-down into equipment (state, availability, category and its filters). */
const EQUIPMENT_DRILL = ['state', 'availability', 'category', 'projectId', 'area', 'country'] as const;

const equipmentKeys = keysOf('equipment');
/** POST /ball/fallwarning/service (docs/alarms.md "Out of service"): out with a reason and an optional end, or back. */
const setService = (body: { equipmentId: number; inService: false; reason: string; until: string | null } | { equipmentId: number; inService: true }) =>
  api.post<{ equipmentId: number; released: number; suppressed: number }>(`${RESOURCES.warning.api}/service`, body);

/** The unit's service state in the list: out of service since when, by whom, why and until when. */
function ServiceBadge({ row }: { row: EquipmentRow }) {
  const { t } = useTranslation('projects');
  if (!row.outOfServiceAt) return <Badge color="green" variant="light">{t('equipment.service.in')}</Badge>;
  const since = t('equipment.service.since', { time: dayjs(row.outOfServiceAt).format('YYYY-MM-DD HH:mm'), by: row.outOfServiceBy, reason: row.outOfServiceReason });
  const until = row.outOfServiceUntil ? ` ${t('equipment.service.untilShown', { time: dayjs(row.outOfServiceUntil).format('MM-DD HH:mm') })}` : '';
  return (
    <Badge color="gray" variant="filled" title={`${since}${until}`} data-testid="equipment-out-of-service">
      {t('equipment.service.out')}
      {until}
    </Badge>
  );
}

export default function EquipmentPage() {
  const drill = useDrillFilter(EQUIPMENT_DRILL);
  const { t, i18n } = useTranslation('projects');
  const f = (k: KeyOf<Texts['projects']['equipment']['fields']>) => t(`equipment.fields.${k}`);
  const queryClient = useQueryClient();
  // Setting a unit out of service parks its alarms: the same right as shelving them.
  const canService = useCan(permissionOf('detect', 'shelve'));
  // A unit's numbers from checklists take the unit's own read right, as the server does.
  const canInfo = useCan(permissionOf('equipment', 'info'));
  const [history, setHistory] = useState<EquipmentRow | null>(null);
  const [taking, setTaking] = useState<EquipmentRow | null>(null);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const service = useMutation({
    mutationFn: setService,
    onSuccess: (_, body) => {
      toast.success(() => t(body.inService ? 'equipment.service.back' : 'equipment.service.done'));
      setTaking(null);
      return queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
    },
    onError: (e) => {
      setErrors(e instanceof ApiError ? e.fields : {});
      toast.error(e.message);
    },
  });
  return (
    <>
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
        { prop: 'outOfServiceAt', label: f('outOfService'), nowrap: true, render: (r) => <ServiceBadge row={r} /> },
      ]}
      rowActions={
        canService || canInfo
          ? (row) => (
              <>
                {canInfo ? (
                  <Button size="compact-xs" variant="subtle" data-testid="equipment-checks" onClick={() => setHistory(row)}>
                    {t('equipment.checks.open')}
                  </Button>
                ) : null}
                {!canService || row.archivedAt ? null : row.outOfServiceAt ? (
                  <Button size="compact-xs" variant="subtle" color="green" data-testid="equipment-in-service" loading={service.isPending && service.variables?.equipmentId === row.id} onClick={() => service.mutate({ equipmentId: row.id, inService: true })}>
                    {t('equipment.service.setIn')}
                  </Button>
                ) : (
                  <Button size="compact-xs" variant="subtle" color="gray" data-testid="equipment-set-out" onClick={() => { setReason(''); setUntil(null); setErrors({}); setTaking(row); }}>
                    {t('equipment.service.setOut')}
                  </Button>
                )}
              </>
            )
          : undefined
      }
    />
    <ChecklistHistory unit={history} onClose={() => setHistory(null)} />
    <Dialog
      opened={taking !== null}
      onChange={(open) => !open && setTaking(null)}
      title={t('equipment.service.title', { name: taking ? localName(taking.name, taking.nameEn, i18n.language) : '' })}
      footer
      onOk={() => taking && service.mutate({ equipmentId: taking.id, inService: false, reason, until: until ? new Date(until).toISOString() : null })}
      confirmLoading={service.isPending}
      width={520}
      height="auto"
    >
      {taking && (
        <Stack data-testid="service-form">
          <Textarea label={t('equipment.service.reason')} withAsterisk rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} data-testid="service-reason" />
          <DateTimePicker label={t('equipment.service.until')} clearable valueFormat="YYYY-MM-DD HH:mm" value={until} onChange={(v) => setUntil(v ? String(v) : null)} error={errors.until} />
        </Stack>
      )}
    </Dialog>
    </>
  );
}
