import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelRow } from '@shared/contracts/detect';
import type { ChannelEdit } from './detect-api';

export const CONDITIONING_FIELDS = ['onDelaySeconds', 'offDelaySeconds', 'deadband', 'repeatCount', 'repeatMinutes'] as const;
type Field = (typeof CONDITIONING_FIELDS)[number];

interface Props {
  channel: ChannelRow;
  edit: ChannelEdit;
  errorOf: (field: string) => string | undefined;
}

/**
 * A channel's alarm conditioning in the channel dialog (docs/alarms.md "Conditioning"): a button
 * saying what applies (its own settings over its unit's device model's), which opens the five
 * settings in a row under the channel's.
 */
export function ConditioningButton({ channel, edit, errorOf, opened, onToggle }: Props & { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation('work');
  const shown = (f: Field) => edit[f] ?? channel.model?.[f] ?? null;
  const on = shown('onDelaySeconds');
  const off = shown('offDelaySeconds');
  const band = shown('deadband');
  const n = shown('repeatCount');
  const m = shown('repeatMinutes');
  const summary = [on ? `↑${on}s` : '', off ? `↓${off}s` : '', band ? `±${band}` : '', n && n > 1 ? `${n}/${m ?? 60}min` : ''].filter(Boolean).join(' ');
  const failed = CONDITIONING_FIELDS.some((f) => errorOf(f));
  return (
    <Button
      size="compact-xs"
      variant={failed ? 'filled' : 'light'}
      color={failed ? 'red' : summary ? 'blue' : 'gray'}
      aria-label={t('detect.conditioningTitle', { ch: channel.ch })}
      aria-expanded={opened}
      data-conditioning={channel.ch}
      data-failed={failed ? 'true' : 'false'}
      onClick={onToggle}
    >
      {summary || t('detect.conditioningNone')}
    </Button>
  );
}

/** The five settings of one channel: an empty one inherits its unit's device model's (its placeholder), and with none there the default. */
export function ConditioningFields({ channel, edit, errorOf, disabled, onChange }: Props & { disabled: boolean; onChange: (patch: Partial<ChannelEdit>) => void }) {
  const { t } = useTranslation('work');
  return (
    <Stack gap={4} data-conditioning-fields={channel.ch}>
      <Text fw={600} size="sm">
        {t('detect.conditioningTitle', { ch: channel.ch })}
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        {CONDITIONING_FIELDS.map((f) => {
          const inherited = channel.model?.[f];
          return (
            <NumberInput
              key={f}
              size="xs"
              w={150}
              label={t(`detect.${f}`)}
              aria-label={`CH${channel.ch} ${t(`detect.${f}`)}`}
              min={f === 'repeatCount' || f === 'repeatMinutes' ? 1 : 0}
              allowDecimal={f === 'deadband'}
              disabled={disabled}
              value={edit[f] ?? ''}
              placeholder={inherited === null || inherited === undefined ? t('detect.inheritedNone') : t('detect.inherited', { value: inherited })}
              error={errorOf(f)}
              onChange={(v) => onChange({ [f]: v === '' || v === null ? null : Number(v) })}
            />
          );
        })}
      </Group>
      <Text size="xs" c="dimmed">
        {t('detect.conditioningHint')}
      </Text>
    </Stack>
  );
}
