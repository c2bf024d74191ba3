import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@client/lib/i18n';
import { messageBox } from './message-box';

describe('messageBox', () => {
  it('confirm resolves true on confirm and false on cancel', async () => {
    let answer!: Promise<boolean>;
    act(() => {
      answer = messageBox.confirm('确定要删除吗？');
    });
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('确定要删除吗？');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => {
      answer = messageBox.confirm('again?');
    });
    await userEvent.click(await screen.findByRole('button', { name: '取消' }));
    await expect(answer).resolves.toBe(false);
  });

  it('alert has only the confirm button', async () => {
    let done!: Promise<void>;
    act(() => {
      done = messageBox.alert('saved', { title: 'Notice' });
    });
    await screen.findByRole('dialog', { name: 'Notice' });
    expect(screen.queryByRole('button', { name: '取消' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await expect(done).resolves.toBeUndefined();
  });

  it('prompt checks the input by pattern, showing the message-box error text by default', async () => {
    let value!: Promise<string | null>;
    act(() => {
      value = messageBox.prompt('phone', { inputPattern: /^1\d{10}$/ });
    });
    const input = await screen.findByRole('textbox', { name: '输入' });
    await userEvent.type(input, '123');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('输入的数据不合法!')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '13800138000');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await expect(value).resolves.toBe('13800138000');
  });

  it('prompt checks the input by a validator with its own message, and resolves null on cancel', async () => {
    let value!: Promise<string | null>;
    act(() => {
      value = messageBox.prompt('name', { inputValidator: (v) => v.length > 2 || 'too short' });
    });
    await userEvent.type(await screen.findByRole('textbox'), 'ab{Enter}');
    expect(await screen.findByText('too short')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await expect(value).resolves.toBeNull();
  });

  it('speaks English in English mode', async () => {
    await i18n.changeLanguage('en');
    let answer!: Promise<boolean>;
    act(() => {
      answer = messageBox.confirm('sure?');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    await i18n.changeLanguage('cn');
  });
});
