import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from './auth';

const messages = (body: unknown) => (changePasswordSchema.safeParse(body).error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('changing one’s own password', () => {
  it('a short new password is called short, an empty one empty', () => {
    expect(messages({ password: 'old-one', newPassword: 'abc', confirmPassword: 'abc' })).toEqual(['newPassword:v.passwordShort']);
    expect(messages({ password: 'old-one', newPassword: '', confirmPassword: '' })).toContain('newPassword:v.passwordEmpty');
    expect(messages({ password: 'old-one', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual(['confirmPassword:v.confirmMismatch']);
    expect(messages({ password: 'old-one', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([]);
  });
});
