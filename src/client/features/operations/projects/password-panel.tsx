import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IssuedPassword } from '@shared/contracts/project';
import { ApiError } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import { toast } from '@client/components/feedback/toast';
import { messageBox } from '@client/components/message-box/message-box';
import { StatusTag } from '@client/components/tags/status-tag';
import { issuePassword, passwordsQueryOptions, revokePassword } from '../../../shared/projects/project-api';
import { dateTime } from '@client/lib/date-time';
import type { TFunction } from 'i18next';
import { permissionOf } from '@client/lib/resources';

const STATE_DICT = (t: TFunction<'projects'>) =>
  (['active', 'legacy', 'expired', 'revoked'] as const).map((v) => ({ value: v, cn: t(`password.states.${v}`), en: t(`password.states.${v}`), color: v === 'active' ? ('success' as const) : v === 'expired' || v === 'legacy' ? ('warning' as const) : ('default' as const) }));

/**
 * Access passwords of a public project (docs/domain.md §6): issue with a label and an optional expiry;
 * the clear password is shown once, here, and never again; revoke ends the visitors' sessions.
 */
export function PasswordPanel({ projectId, isPublic }: { projectId: number; isPublic: boolean }) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const allowed = useCan(permissionOf('project', 'password'));
  const options = passwordsQueryOptions(projectId);
  const list = useQuery({ ...options, enabled: allowed });
  const [label, setLabel] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });

  const issue = useMutation({
    mutationFn: () => issuePassword({ projectId, label, expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null }),
    onSuccess: (data) => {
      setIssued(data);
      setLabel('');
      setExpiresAt('');
      setErrors({});
      return refresh();
    },
    onError: (e) => (e instanceof ApiError && Object.keys(e.fields).length ? setErrors(e.fields) : toast.error(e.message)),
  });
  const revoke = async (id: number) => {
    if (!(await messageBox.confirm(t('password.revokeConfirm')))) return;
    try {
      await revokePassword(id);
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  if (!allowed) return null;
  if (!isPublic) return <Alert color="yellow">{t('password.notPublic')}</Alert>;
  const states = STATE_DICT(t);
  return (
    <Stack gap="sm">
      {issued && (
        <Alert color="green" title={t('password.issued')} withCloseButton onClose={() => setIssued(null)}>
          <Group gap="xs">
            <Code fz="lg">{issued.password}</Code>
            <CopyButton value={issued.password}>
              {({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? t('password.copied') : t('password.copy')}</Button>}
            </CopyButton>
            <Text size="sm">{issued.label}</Text>
          </Group>
        </Alert>
      )}
      <Group align="flex-end">
        <TextInput label={t('password.label')} withAsterisk value={label} onChange={(e) => setLabel(e.currentTarget.value)} error={errors.label} />
        <TextInput type="datetime-local" label={t('password.expiresAt')} value={expiresAt} onChange={(e) => setExpiresAt(e.currentTarget.value)} error={errors.expiresAt} />
        <Button leftSection={<IconKey size={14} />} loading={issue.isPending} onClick={() => issue.mutate()}>{t('password.issue')}</Button>
      </Group>
      {(list.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">{t('password.empty')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('password.label')}</Table.Th>
              <Table.Th>{t('password.createdAt')}</Table.Th>
              <Table.Th>{t('password.expiresAt')}</Table.Th>
              <Table.Th>{t('password.state')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.label}</Table.Td>
                <Table.Td>{dateTime(p.createdAt)}</Table.Td>
                <Table.Td>{p.expiresAt ? dateTime(p.expiresAt) : t('password.never')}</Table.Td>
                <Table.Td><StatusTag value={p.state} dict={states} /></Table.Td>
                <Table.Td>
                  {(p.state === 'active' || p.state === 'legacy') && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void revoke(p.id)}>{t('password.revoke')}</Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
