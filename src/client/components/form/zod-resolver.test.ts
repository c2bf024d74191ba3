import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import i18n from '@client/lib/i18n';
import { fieldErrors, zodResolver } from './zod-resolver';

const schema = z.object({
  name: z.string().min(1, { message: 'v.required' }),
  phone: z.string().regex(/^1\d{10}$/, { message: 'v.phone' }),
  contacts: z.array(z.object({ email: z.string().email({ message: 'v.email' }) })),
});

describe('zodResolver', () => {
  afterEach(() => i18n.changeLanguage('cn'));

  it('maps issues to field errors and translates message keys (Chinese by default)', () => {
    const errors = zodResolver(schema)({ name: '', phone: '123', contacts: [{ email: 'x' }] });
    expect(errors).toEqual({ name: '必填项', phone: '手机号格式错误', 'contacts.0.email': '邮箱格式错误' });
  });

  it('translates into English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    expect(zodResolver(schema)({ name: 'a', phone: '1', contacts: [] })).toEqual({ phone: 'Wrong phone number format' });
  });

  it('returns no errors for valid values', () => {
    expect(zodResolver(schema)({ name: 'a', phone: '13800138000', contacts: [] })).toEqual({});
  });

  it('translates server field messages that are keys and keeps the others', () => {
    expect(fieldErrors({ phone: 'v.phone', name: '名称已存在' })).toEqual({ phone: '手机号格式错误', name: '名称已存在' });
  });
});
