import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Code, CopyButton, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { Scene } from '@shared/contracts/scene';
import type { DisplayTokenIssued } from '@shared/contracts/wall';
import { ApiError } from '../../lib/api';
import { tMessage } from '../../lib/i18n';
import { messageBox } from '../../components/message-box/message-box';
import { toast } from '../../components/feedback/toast';
import { useDisplayTokens, useIssueDisplayToken, useRevokeDisplayToken } from './api/display-tokens';
import { dateTime } from '@client/lib/date-time';

/** Kiosk display tokens: issue one for a wall (shown once), list them, revoke one. */
export function DisplayTokens({ scenes }: { scenes: Pick<Scene, 'id' | 'name'>[] }) {
  const { t } = useTranslation('scenes');
  const tokens = useDisplayTokens();
  const issue = useIssueDisplayToken();
  const revoke = useRevokeDisplayToken();
  const [label, setLabel] = useState('');
  const [sceneId, setSceneId] = useState<string | null>(null);
  const [labelError, setLabelError] = useState<string | null>(null);
  const [issued, setIssued] = useState<DisplayTokenIssued | null>(null);
  const sceneName = (id: number | null) => (id === null ? t('tokens.defaultScene') : (scenes.find((s) => s.id === id)?.name ?? `#${id}`));
  const address = issued ? `${window.location.origin}${window.location.pathname}${issued.path.replace(/^\//, '')}` : '';

  const submit = () => {
    setLabelError(null);
    issue.mutate(
      { label, sceneId: sceneId ? Number(sceneId) : null },
      {
        onSuccess: (result) => {
          setIssued(result);
          setLabel('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.label) setLabelError(error.fields.label);
          else toast.error(error.message);
        },
      },
    );
  };
  const askRevoke = async (id: number) => {
    if (await messageBox.confirm(t('tokens.revokeConfirm'))) revoke.mutate(id, { onError: (error) => toast.error(error.message) });
  };

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput label={t('tokens.label')} withAsterisk value={label} onChange={(e) => setLabel(e.currentTarget.value)} error={labelError} w={280} />
        <Select label={t('tokens.scene')} placeholder={t('tokens.defaultScene')} clearable data={scenes.map((s) => ({ value: String(s.id), label: s.name }))} value={sceneId} onChange={setSceneId} w={260} />
        <Button leftSection={<IconKey size={16} />} onClick={submit} loading={issue.isPending}>
          {t('tokens.issue')}
        </Button>
      </Group>
      {issued ? (
        <Alert color="teal" title={issued.label} withCloseButton onClose={() => setIssued(null)}>
          <Text size="sm" mb={6}>{t('tokens.once')}</Text>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="display-token-address" style={{ wordBreak: 'break-all' }}>{address}</Code>
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('tokens.copied') : t('tokens.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      ) : null}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tokens.label')}</Table.Th>
            <Table.Th>{t('tokens.scene')}</Table.Th>
            <Table.Th>{t('tokens.issuedAt')}</Table.Th>
            <Table.Th>{t('tokens.lastActiveAt')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(tokens.data ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>{sceneName(row.sceneId)}</Table.Td>
              <Table.Td>{dateTime(row.issuedAt)}</Table.Td>
              <Table.Td>{dateTime(row.lastActiveAt)}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" color="red" variant="subtle" onClick={() => void askRevoke(row.id)}>
                  {t('tokens.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {tokens.data && tokens.data.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" size="sm" ta="center">{t('tokens.none')}</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {tokens.isError ? (
            <Table.Tr>
              <Table.Td colSpan={5}>{tokens.error instanceof ApiError ? tokens.error.message : tMessage('err.server')}</Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
