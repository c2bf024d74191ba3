import { Group, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_TYPES, CHART_KINDS, KPI_METRICS, cardFormSchema, type Card, type CardType } from '@shared/contracts/scene';
import { GRANULARITIES } from '@shared/contracts/stats';
import type { FormBodyProps, ListForm } from '../../components/list-page/list-page';
import { RemoteSelect } from '../../components/select/remote-select';
import { tMessage } from '../../lib/i18n';
import type { KeyOf, Texts } from '@client/lib/i18n-keys';
import { projectOptions, projectOptionsKey } from './api/project-options';

export interface CardValues extends Record<string, unknown> {
  name: string;
  type: CardType;
  config: Record<string, unknown>;
}

/** The config keys each card type offers in the form (titles are common to all). */
type ConfigField = KeyOf<Texts['scenes']['fields']>;
const TYPE_FIELDS: Record<CardType, ConfigField[]> = {
  map: ['cluster'],
  'repair-speed': ['granularity', 'periods', 'projectId'],
  'repair-quality': ['granularity', 'periods', 'projectId'],
  'group-area': ['chart'],
  'group-device': ['chart'],
  'group-water': ['chart'],
  'broken-devices': ['limit'],
  'detect-channels': ['projectId', 'detectId'],
  warnings: ['limit', 'projectId'],
  camera: ['projectId', 'monitorId'],
  kpi: ['metric', 'projectId'],
  notice: ['text', 'textEn'],
  'count-projects': ['chart'],
};

const err = (e: unknown) => (typeof e === 'string' ? tMessage(e) : undefined);

/** One form body for add and edit: name, type, and the config fields of the chosen type. */
function CardForm({ form }: FormBodyProps<CardValues>) {
  const { t, i18n } = useTranslation('scenes');
  const type = form.getValues().type;
  const config = form.getValues().config ?? {};
  const set = (key: string, value: unknown) => form.setFieldValue('config', { ...config, [key]: value === '' || value === null ? undefined : value });
  const field = (key: ConfigField) => {
    const error = err(form.errors[`config.${key}`]);
    const value = config[key];
    switch (key) {
      case 'cluster':
        return <Switch key={key} label={t('fields.cluster')} checked={value !== false} onChange={(e) => set(key, e.currentTarget.checked)} />;
      case 'granularity':
        return <Select key={key} label={t('fields.granularity')} data={GRANULARITIES.map((g) => ({ value: g, label: t(`granularity.${g}`) }))} value={(value as string) ?? 'month'} onChange={(v) => set(key, v)} error={error} />;
      case 'chart':
        return <Select key={key} label={t('fields.chart')} data={CHART_KINDS.map((c) => ({ value: c, label: t(`chart.${c}`) }))} value={(value as string) ?? 'bar'} onChange={(v) => set(key, v)} error={error} />;
      case 'metric':
        return <Select key={key} label={t('fields.metric')} data={KPI_METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))} value={(value as string) ?? 'openOrders'} onChange={(v) => set(key, v)} error={error} />;
      case 'projectId':
        return (
          <RemoteSelect
            key={key}
            label={t('fields.projectId')}
            queryKey={projectOptionsKey(i18n.language)}
            loader={projectOptions}
            value={value ? String(value) : null}
            onChange={(v) => set(key, v ? Number(v) : undefined)}
            error={error}
          />
        );
      case 'text':
      case 'textEn':
        return <Textarea key={key} label={t(`fields.${key}`)} autosize minRows={3} value={(value as string) ?? ''} onChange={(e) => set(key, e.currentTarget.value)} error={error} />;
      default:
        return <NumberInput key={key} label={t(`fields.${key}`)} allowDecimal={false} min={1} value={(value as number) ?? ''} onChange={(v) => set(key, v === '' ? undefined : Number(v))} error={error} />;
    }
  };
  return (
    <Stack gap="sm">
      <Group grow>
        <TextInput label={t('cards.name')} withAsterisk {...form.getInputProps('name')} error={err(form.errors.name)} />
        <Select
          label={t('cards.type')}
          withAsterisk
          data={CARD_TYPES.map((c) => ({ value: c, label: t(`types.${c}`) }))}
          value={type}
          // A new type starts from its own defaults: keys of another type would be refused.
          onChange={(v) => {
            if (!v) return;
            form.setFieldValue('type', v as CardType);
            form.setFieldValue('config', { title: config.title, titleEn: config.titleEn });
          }}
          error={err(form.errors.type)}
        />
      </Group>
      <Group grow>
        <TextInput label={t('cards.titleCn')} value={(config.title as string) ?? ''} onChange={(e) => set('title', e.currentTarget.value)} error={err(form.errors['config.title'])} />
        <TextInput label={t('cards.titleEn')} value={(config.titleEn as string) ?? ''} onChange={(e) => set('titleEn', e.currentTarget.value)} error={err(form.errors['config.titleEn'])} />
      </Group>
      {TYPE_FIELDS[type].map(field)}
    </Stack>
  );
}

/** The cards list's add/edit form, loaded when its dialog first opens (card.screen.tsx). */
export const cardForm: ListForm<CardValues, Card> = {
  Body: CardForm,
  schema: cardFormSchema,
  initialValues: { name: '', type: 'kpi', config: {} },
  toFormValues: (row) => ({ name: row.name, type: row.type, config: row.config }),
};
