import { lazy, Suspense } from 'react';
import { Input, Loader, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileOwnerType } from '@shared/contracts/file';

/** The editor and tiptap load when a field first shows, never with the screen that holds it. */
const RichTextEditorField = lazy(() => import('./rich-text-editor'));

export interface RichTextFieldProps {
  label: string;
  /** Stored content (HTML, or plain text shown as paragraphs); read when the field mounts (give it a key per record). */
  initialValue: string;
  onChange: (html: string) => void;
  error?: string;
  withAsterisk?: boolean;
  minHeight?: number;
  /** Pictures can be uploaded into the text as files of this kind of record (see the editor). */
  pictures?: FileOwnerType;
}

/** A form field with Mantine's rich-text editor, downloaded on first use. */
export function RichTextField({ label, initialValue, onChange, error, withAsterisk, minHeight = 220, pictures }: RichTextFieldProps) {
  const { t } = useTranslation('kit');
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={withAsterisk}>
      <Suspense
        fallback={
          <Group justify="center" gap="xs" style={{ minHeight: minHeight + 44, border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-default)' }}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">{t('richText.loading')}</Text>
          </Group>
        }
      >
        <RichTextEditorField initialValue={initialValue} onChange={onChange} label={label} invalid={Boolean(error)} minHeight={minHeight} pictures={pictures} />
      </Suspense>
    </Input.Wrapper>
  );
}
