import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { localName } from '@shared/local-name';
import { useSession } from '../lib/session';
import { useLogout } from './use-logout';

export function UserMenu() {
  const { t, i18n } = useTranslation('layout');
  const { user } = useSession();
  const logout = useLogout();
  const name = (user?.realName ? localName(user.realName, user.realNameEn, i18n.language) : '') || user?.username || '';
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu')} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user?.avatar || null} alt={name} radius="xl" size={30} color="cyan">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/main/account" leftSection={<IconUserCircle size={16} />}>
          {t('account')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
