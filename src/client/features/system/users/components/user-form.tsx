import { Grid, MultiSelect, PasswordInput, Radio, Group, TextInput } from '@mantine/core';
import { DateTimePicker } from '@client/components/form/date-pickers';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { userFormSchema, type UserFormValues, type UserRow } from '@shared/contracts/users';
import { SEX, USER_STATUS } from '@shared/dictionaries';
import type { Locale } from '@shared/constants';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';
import { useRoleOptions } from '../api/get-role-options';
import { localName } from '@shared/local-name';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const INITIAL: UserFormValues = {
  username: '', password: '', realName: '', realNameEn: '', phone: '', email: '', sex: '2', status: 1, expireAt: null, roleIdList: [],
};

/** Edit values from a row: no password key, so the update call carries none. */
const toFormValues = (row: UserRow): UserFormValues => ({
  username: row.username, password: undefined, realName: row.realName, realNameEn: row.realNameEn, phone: row.phone, email: row.email,
  sex: row.sex as UserFormValues['sex'], status: row.status as 0 | 1, expireAt: row.expireAt, roleIdList: row.roleIdList,
});

/** One body for add and edit: the password is asked for only when adding (it changes by reset later). */
export function UserForm({ form, mode }: FormBodyProps<UserFormValues>) {
  const { t, i18n } = useTranslation('identity');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'cn';
  const roles = useRoleOptions();
  const values = form.values;
  return (
    <Grid gap="sm">
      <Grid.Col span={6}>
        <TextInput withAsterisk label={t('users.fields.username')} autoComplete="off" {...form.getInputProps('username')} />
      </Grid.Col>
      {mode === 'add' && (
        <Grid.Col span={6}>
          <PasswordInput withAsterisk label={t('users.fields.password')} autoComplete="new-password" {...form.getInputProps('password')} />
        </Grid.Col>
      )}
      <Grid.Col span={6}>
        <TextInput label={t('users.fields.realName')} {...form.getInputProps('realName')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput label={t('users.fields.realNameEn')} {...form.getInputProps('realNameEn')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput label={t('users.fields.phone')} {...form.getInputProps('phone')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput label={t('users.fields.email')} {...form.getInputProps('email')} />
      </Grid.Col>
      <Grid.Col span={6}>
        <MultiSelect
          label={t('users.fields.roles')}
          data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: localName(r.name, r.nameEn, lang) }))}
          value={(values.roleIdList ?? []).map(String)}
          onChange={(v) => form.setFieldValue('roleIdList', v.map(Number))}
          error={form.errors.roleIdList}
          searchable
          clearable
        />
      </Grid.Col>
      <Grid.Col span={6}>
        <Radio.Group label={t('users.fields.sex')} value={values.sex ?? '2'} onChange={(v) => form.setFieldValue('sex', v as UserFormValues['sex'])}>
          <Group mt={6}>
            {SEX.map((s) => <Radio key={s.value} value={s.value} label={s[lang]} />)}
          </Group>
        </Radio.Group>
      </Grid.Col>
      <Grid.Col span={6}>
        <Radio.Group label={t('users.fields.status')} value={String(values.status ?? 1)} onChange={(v) => form.setFieldValue('status', Number(v) as 0 | 1)}>
          <Group mt={6}>
            {USER_STATUS.map((s) => <Radio key={s.value} value={s.value} label={s[lang]} />)}
          </Group>
        </Radio.Group>
      </Grid.Col>
      <Grid.Col span={6}>
        <DateTimePicker
          label={t('users.fields.expireAt')}
          description={t('users.expireHint')}
          placeholder={t('users.never')}
          clearable
          valueFormat={PICKER_FORMAT}
          value={values.expireAt ? dayjs(values.expireAt).format(PICKER_FORMAT) : null}
          onChange={(v) => form.setFieldValue('expireAt', v ? dayjs(v).toISOString() : null)}
          error={form.errors.expireAt}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The users list's add/edit form, loaded when its dialog first opens (user.screen.tsx). */
export const userForm: ListForm<UserFormValues, UserRow> = { Body: UserForm, schema: userFormSchema, initialValues: INITIAL, toFormValues };
