import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput, Typography } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INTRO_TYPE, type IntroRow } from '@shared/contracts/project';
import { ApiError } from '@client/lib/api';
import { tMessage } from '@client/lib/i18n';
import { useCan } from '@client/lib/session';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import { RichContent } from '@client/components/rich-text/rich-content';
import { RichTextField } from '@client/components/rich-text/rich-text-field';
import { deleteIntro, introsQueryOptions, saveIntro } from '../../../shared/projects/project-api';
import { permissionOf } from '@client/lib/resources';

type Draft = { id?: number; type: string; title: string; content: string; language: 'cn' | 'en' };

/** Introductions of one project in Chinese and English; the server keeps a safe subset of the HTML. */
export function IntroPanel({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation('projects');
  const queryClient = useQueryClient();
  const canEdit = useCan(permissionOf('project', 'update'));
  const [language, setLanguage] = useState<'cn' | 'en'>(i18n.language === 'en' ? 'en' : 'cn');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftKey, setDraftKey] = useState(0);
  // Each opened draft gets an editor of its own: the editor reads its content when it mounts.
  const openDraft = (d: Draft) => {
    setDraftKey((k) => k + 1);
    setDraft(d);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = introsQueryOptions(projectId);
  const intros = useQuery(options);
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });
  const typeLabel = (v: string) => {
    const item = INTRO_TYPE.find((i) => i.value === v);
    return item ? item[i18n.language === 'en' ? 'en' : 'cn'] : v;
  };

  const save = useMutation({
    mutationFn: (d: Draft) => saveIntro({ ...d, projectId }),
    onSuccess: () => {
      setDraft(null);
      setErrors({});
      return refresh();
    },
    onError: (e) => (e instanceof ApiError && Object.keys(e.fields).length ? setErrors(e.fields) : toast.error(e.message)),
  });
  const remove = async (row: IntroRow) => {
    if (!(await messageBox.confirm(tMessage('v.confirmDelete')))) return;
    try {
      await deleteIntro(row.id);
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  const rows = (intros.data ?? []).filter((r) => r.language === language);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl size="xs" value={language} onChange={(v) => setLanguage(v as 'cn' | 'en')} data={[{ value: 'cn', label: t('intro.languages.cn') }, { value: 'en', label: t('intro.languages.en') }]} />
        {canEdit && !draft && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openDraft({ type: 'overview', title: '', content: '', language })}>
            {t('intro.add')}
          </Button>
        )}
      </Group>
      {draft && (
        <Card withBorder>
          <Stack gap="xs">
            <Group grow>
              <Select label={t('intro.type')} data={INTRO_TYPE.map((i) => ({ value: i.value, label: typeLabel(i.value) }))} value={draft.type} onChange={(v) => setDraft({ ...draft, type: v ?? 'overview' })} error={errors.type} />
              <Select label={t('intro.language')} data={[{ value: 'cn', label: t('intro.languages.cn') }, { value: 'en', label: t('intro.languages.en') }]} value={draft.language} onChange={(v) => setDraft({ ...draft, language: v === 'en' ? 'en' : 'cn' })} />
            </Group>
            <TextInput label={t('intro.title')} withAsterisk value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} error={errors.title} />
            <RichTextField
              key={draftKey}
              label={t('intro.content')}
              initialValue={draft.content}
              onChange={(content) => setDraft((d) => (d ? { ...d, content } : d))}
              error={errors.content}
              pictures="fall_project_intro"
            />
            <Group justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setDraft(null)}>{t('intro.cancel')}</Button>
              <Button size="xs" loading={save.isPending} onClick={() => save.mutate(draft)}>{t('intro.save')}</Button>
            </Group>
          </Stack>
        </Card>
      )}
      {rows.length === 0 && !draft && <Text size="sm" c="dimmed">{t('intro.empty')}</Text>}
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm">
          <Group justify="space-between" mb={4}>
            <Text fw={600}>{typeLabel(row.type)} · {row.title}</Text>
            {canEdit && (
              <Group gap={4}>
                <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => openDraft({ id: row.id, type: row.type, title: row.title, content: row.content, language: row.language })}>
                  {t('intro.edit')}
                </Button>
                <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} onClick={() => void remove(row)}>
                  {t('file.remove')}
                </Button>
              </Group>
            )}
          </Group>
          {/* Sanitised by the server on write; plain-text introductions keep their line breaks. */}
          <Typography>
            <RichContent content={row.content} />
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}
