import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@mantine/core';
import { renderKit } from '@tests/helpers/kit-render';
import { Dialog, type DialogProps } from './dialog';

function Harness(props: Partial<DialogProps> & { onVisible?: (v: boolean) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Button onClick={() => setOpened(true)}>open</Button>
      <span data-testid="state">{opened ? 'open' : 'closed'}</span>
      <Dialog
        title="Pump P-1"
        {...props}
        opened={opened}
        onChange={(v) => {
          setOpened(v);
          props.onVisible?.(v);
        }}
      >
        body
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal portalled into document.body, 60% × 70%, footer hidden, light, z-index 2000', () => {
    const { container } = renderKit(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Pump P-1' });
    expect(container).not.toContainElement(dialog);
    expect(dialog.parentElement?.closest('body')).toBe(document.body);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-theme', 'light');
    expect(dialog).toHaveStyle({ width: '60%', height: '70%', zIndex: '2000' });
    expect(screen.queryByRole('button', { name: '确定' })).not.toBeInTheDocument();
  });

  it('cancel closes and emits cancel; confirm emits on-ok; the visibility flows back to the parent', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const onVisible = vi.fn();
    renderKit(<Harness footer onOk={onOk} onCancel={onCancel} onVisible={onVisible} />);
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onVisible).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Escape closes a modal when allowed, and not when closeOnEscape is false', async () => {
    const { unmount } = renderKit(<Harness closeOnEscape={false} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    unmount();
    renderKit(<Harness />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with unsaved changes, cancel, the close button and Escape ask first; Escape on the question keeps editing', async () => {
    const onCancel = vi.fn();
    renderKit(<Harness dirty footer onCancel={onCancel} />);
    const ask = () => screen.findByRole('dialog', { name: '放弃修改？' });
    for (const how of ['cancel', 'close', 'escape'] as const) {
      if (how === 'cancel') await userEvent.click(screen.getByRole('button', { name: '取消' }));
      if (how === 'close') await userEvent.click(screen.getByRole('button', { name: '关闭' }));
      if (how === 'escape') await userEvent.keyboard('{Escape}');
      expect(await ask(), how).toHaveTextContent('此处填写的内容尚未保存');
      // Above the dialog it asks for.
      expect(Number(screen.getByRole('dialog', { name: '放弃修改？' }).style.zIndex)).toBeGreaterThan(Number(screen.getByRole('dialog', { name: 'Pump P-1' }).style.zIndex));
      if (how === 'escape') await userEvent.keyboard('{Escape}');
      else await userEvent.click(screen.getByRole('button', { name: '继续编辑' }));
      expect(screen.queryByRole('dialog', { name: '放弃修改？' }), how).not.toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Pump P-1' })).toBeInTheDocument();
    }
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await ask()).getByRole('button', { name: '放弃' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('maximizes, minimizes, and closing clears minimized', async () => {
    renderKit(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '最大化' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-maximized');
    await userEvent.click(screen.getByRole('button', { name: '还原' }));
    await userEvent.click(screen.getByRole('button', { name: '最小化' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-minimized');
    expect(screen.queryByText('body')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('data-minimized');
    expect(screen.getByText('body')).toBeInTheDocument();
  });

  it('drags by the header only after the 100 ms drag delay', () => {
    vi.useFakeTimers();
    renderKit(<Harness />);
    const header = screen.getByText('Pump P-1');
    fireEvent.pointerDown(header, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 150, clientY: 120 });
    expect(screen.getByRole('dialog').style.transform).toBe('translate(calc(-50% + 0px), calc(-50% + 0px))');
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerMove(window, { clientX: 160, clientY: 130 });
    fireEvent.pointerUp(window);
    expect(screen.getByRole('dialog').style.transform).toBe('translate(calc(-50% + 60px), calc(-50% + 30px))');
    vi.useRealTimers();
  });

  it('resizes from the corner but never below 300 × 150', () => {
    renderKit(<Harness />);
    const handle = screen.getByRole('separator', { name: '拖动调整大小' });
    fireEvent.pointerDown(handle, { button: 0, clientX: 500, clientY: 500 });
    fireEvent.pointerMove(window, { clientX: 0, clientY: 0 });
    fireEvent.pointerUp(window);
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '300px', height: '150px' });
  });

  it('shows the loading tip only after the 100 ms spin delay', () => {
    vi.useFakeTimers();
    renderKit(<Harness loading loadingTip="saving" />);
    expect(screen.queryByText('saving')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('saving')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('stacks a second dialog above the first', () => {
    renderKit(
      <>
        <Dialog opened title="one">a</Dialog>
        <Dialog opened title="two" theme="dark">b</Dialog>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'one' })).toHaveStyle({ zIndex: '2000' });
    expect(screen.getByRole('dialog', { name: 'two' })).toHaveStyle({ zIndex: '2001' });
    expect(screen.getByRole('dialog', { name: 'two' })).toHaveAttribute('data-theme', 'dark');
  });
});
