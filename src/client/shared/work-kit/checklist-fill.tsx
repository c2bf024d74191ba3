import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Group, Input, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, queryOptions } from '@tanstack/react-query';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CHECK_MARKS, CHECK_PHOTOS_MAX, judge, limitsText, type CheckAnswer, type CheckAnswers, type CheckItem, type ItemVerdict, type Signature } from '@shared/checklist';
import type { ChecklistRow } from '@shared/contracts/checklist';
import type { OrderDetail } from '@shared/contracts/order';
import { localName } from '@shared/local-name';
import { api } from '@client/lib/api';
import { apiPath } from '@client/lib/resources';
import { keysOf } from '@client/lib/resource-keys';
import { toast } from '@client/components/feedback/toast';
import { FilesField } from '../../components/form/file-field';
import { uploadFile } from './work-api';

/** The order's checklist template (null: it names none), read for the report form. */
const orderChecklistQuery = (orderId: number | null) =>
  queryOptions({
    queryKey: keysOf('checklist').view('ofOrder', orderId),
    enabled: orderId !== null,
    queryFn: async (): Promise<ChecklistRow | null> => {
      const order = await api.get<OrderDetail>(apiPath('order', 'info', orderId ?? ''));
      return order.checklistId ? api.get<ChecklistRow>(apiPath('checklist', 'info', order.checklistId)) : null;
    },
  });

const MARK_COLOUR = { ok: 'teal', flag: 'yellow', fail: 'red', open: 'gray' } as const;

/** A finger or a mouse signs; the drawing is uploaded as the report's PNG when the stroke ends. */
function SignaturePad({ label, required, value, error, onChange }: { label: string; required: boolean; value: Signature | undefined; error?: string; onChange: (v: Signature | undefined) => void }) {
  const { t } = useTranslation('work');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [name, setName] = useState(value?.name ?? '');
  const [file, setFile] = useState<number | null>(value?.file ?? null);
  const [busy, setBusy] = useState(false);
  // A value gone without the signer clearing it is the form starting over (the report was filed): the pad too.
  const cleared = useRef(false);
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current !== undefined && value === undefined && !cleared.current) {
      const c = canvas.current;
      c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      setFile(null);
      setName('');
    }
    cleared.current = false;
    previous.current = value;
  }, [value]);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    c.width = c.clientWidth * (window.devicePixelRatio || 1);
    c.height = c.clientHeight * (window.devicePixelRatio || 1);
    const g = c.getContext('2d');
    if (!g) return;
    g.scale(window.devicePixelRatio || 1, window.devicePixelRatio || 1);
    g.lineWidth = 2.5;
    g.lineCap = 'round';
    g.strokeStyle = '#1a1b1e';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };
  const emit = (nextName: string, nextFile: number | null) => {
    const next = nextFile && nextName.trim() ? { name: nextName.trim(), file: nextFile } : undefined;
    if (!next) cleared.current = true;
    onChange(next);
  };
  const finish = async () => {
    if (!drawing.current || !canvas.current) return;
    drawing.current = false;
    const blob = await new Promise<Blob | null>((resolve) => canvas.current?.toBlob(resolve, 'image/png'));
    if (!blob) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile(new File([blob], 'signature.png', { type: 'image/png' }), 'fall_report');
      setFile(uploaded.id);
      emit(name, uploaded.id);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setFile(null);
    emit(name, null);
  };

  return (
    <Input.Wrapper label={label} withAsterisk={required} error={error}>
      <Stack gap={6} mt={4}>
        <TextInput
          aria-label={t('checklist.signedBy')}
          placeholder={t('checklist.signedBy')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            emit(e.currentTarget.value, file);
          }}
        />
        <canvas
          ref={canvas}
          aria-label={t('checklist.signHere')}
          data-testid="signature-pad"
          style={{ width: '100%', height: 140, border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 4, touchAction: 'none', background: 'var(--mantine-color-body)' }}
          onPointerDown={(e) => {
            const g = e.currentTarget.getContext('2d');
            const [x, y] = point(e);
            g?.beginPath();
            g?.moveTo(x, y);
            drawing.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
          }}
          onPointerMove={(e) => {
            if (!drawing.current) return;
            const g = e.currentTarget.getContext('2d');
            const [x, y] = point(e);
            g?.lineTo(x, y);
            g?.stroke();
          }}
          onPointerUp={() => void finish()}
          onPointerLeave={() => void finish()}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">{busy ? t('checklist.saving') : file ? t('checklist.signed') : t('checklist.signHere')}</Text>
          <Button size="compact-xs" variant="subtle" onClick={clear}>{t('checklist.clear')}</Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function Mark({ verdict }: { verdict: ItemVerdict | undefined }) {
  const { t } = useTranslation('work');
  const state = verdict?.state ?? 'open';
  if (state === 'open') return null;
  return <Badge size="sm" color={MARK_COLOUR[state]} variant="light" data-verdict={state}>{t(`checklist.verdicts.${state}`)}</Badge>;
}

/** One item's input, by its type. */
function ItemInput({ item, value, error, lang, onChange }: { item: CheckItem; value: CheckAnswer | undefined; error?: string; lang: string; onChange: (v: CheckAnswer | undefined) => void }) {
  const { t } = useTranslation('work');
  const label = localName(item.label, item.labelEn, lang);
  switch (item.type) {
    case 'number': {
      const limits = limitsText(item);
      return (
        <NumberInput
          label={label}
          withAsterisk={item.required}
          description={[item.unit, limits && t('checklist.limits', { limits })].filter(Boolean).join(' · ')}
          decimalScale={3}
          value={typeof value === 'number' ? value : ''}
          error={error}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    }
    case 'check':
      return (
        <Input.Wrapper label={label} withAsterisk={item.required} error={error}>
          <SegmentedControl
            display="flex"
            mt={4}
            data={CHECK_MARKS.map((m) => ({ value: m, label: t(`checklist.marks.${m}`) }))}
            value={typeof value === 'string' ? value : ''}
            onChange={(v) => onChange(v)}
          />
        </Input.Wrapper>
      );
    case 'choice':
      return <Select label={label} withAsterisk={item.required} data={item.options ?? []} value={typeof value === 'string' && value ? value : null} error={error} clearable onChange={(v) => onChange(v ?? undefined)} />;
    case 'text':
      return <Textarea label={label} withAsterisk={item.required} autosize minRows={1} value={typeof value === 'string' ? value : ''} error={error} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'photo':
      return (
        <FilesField
          label={`${label}${item.required ? ' *' : ''}`}
          ownerType="fall_report"
          image
          accept="image/*"
          max={CHECK_PHOTOS_MAX}
          value={Array.isArray(value) ? value : []}
          error={error}
          onChange={(ids) => onChange(ids.length ? ids : undefined)}
        />
      );
    case 'signature':
      return <SignaturePad label={label} required={item.required} value={value as Signature | undefined} error={error} onChange={onChange} />;
  }
}

/**
 * The order's checklist in the report form (docs/maintenance.md "Checklists"): each item by its type,
 * marked as the server will judge it (shared/checklist.ts) — a number out of its limits or a "fail"
 * opens a corrective order when the report is filed — and the server's refusals under their items.
 */
export function ChecklistFill<V extends { checklist: { answers: CheckAnswers } }>({ form, orderId }: { form: UseFormReturnType<V>; orderId: number | null }) {
  const { t, i18n } = useTranslation('work');
  const template = useQuery(orderChecklistQuery(orderId)).data;
  if (!template) return null;
  const answers = form.values.checklist?.answers ?? {};
  const verdict = judge(template.items, answers);
  const byKey = new Map(verdict.verdicts.map((v) => [v.key, v]));
  const set = (key: string, value: CheckAnswer | undefined) => {
    const next = { ...answers };
    if (value === undefined) delete next[key];
    else next[key] = value;
    form.setFieldValue('checklist' as never, { answers: next } as never);
    // The server's refusal of this item is answered by changing it.
    form.clearFieldError(`checklist.${key}`);
    form.clearFieldError('checklist');
  };
  const errors = form.errors as Record<string, string | undefined>;
  return (
    <Card withBorder padding="sm" aria-label={t('checklist.fillTitle')} component="section">
      <Group justify="space-between" mb="xs">
        <Title order={6}>{t('checklist.fillTitle')} · {localName(template.name, template.nameEn, i18n.language)}</Title>
        {verdict.failed.length > 0 && <Text size="xs" c="red" data-testid="checklist-failures">{t('checklist.willOpen', { count: verdict.failed.length })}</Text>}
      </Group>
      {errors.checklist && <Text size="sm" c="red" mb="xs">{errors.checklist}</Text>}
      <Stack gap="sm">
        {template.items.map((item) => (
          <Group key={item.key} align="flex-start" wrap="nowrap" gap="xs" data-item={item.key}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <ItemInput item={item} value={answers[item.key]} error={errors[`checklist.${item.key}`]} lang={i18n.language} onChange={(v) => set(item.key, v)} />
            </div>
            <div style={{ paddingTop: 26, minWidth: 56 }}>
              <Mark verdict={byKey.get(item.key)} />
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
