import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Group, MantineProvider, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog/dialog';

export interface MessageBoxOptions {
  title?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

export interface PromptOptions extends MessageBoxOptions {
  /** Starting text of the input. */
  inputValue?: string;
  inputLabel?: string;
  /** The input must match this pattern. */
  inputPattern?: RegExp;
  /** Returns true when valid, or false / an error text when not. */
  inputValidator?: (value: string) => boolean | string;
  /** Shown when the pattern or the validator rejects the input. @default the message-box error text */
  inputErrorMessage?: string;
}

type Kind = 'alert' | 'confirm' | 'prompt';

interface ViewProps {
  kind: Kind;
  message: ReactNode;
  options: PromptOptions;
  onDone: (confirmed: boolean, value: string) => void;
}

function MessageBoxView({ kind, message, options, onDone }: ViewProps) {
  const { t } = useTranslation('kit');
  const [opened, setOpened] = useState(true);
  const [value, setValue] = useState(options.inputValue ?? '');
  const [error, setError] = useState<string | null>(null);

  const finish = (confirmed: boolean) => {
    setOpened(false);
    onDone(confirmed, value);
  };

  const confirm = () => {
    if (kind === 'prompt') {
      const fallback = options.inputErrorMessage ?? t('messageBox.error');
      if (options.inputPattern && !options.inputPattern.test(value)) return setError(fallback);
      const verdict = options.inputValidator?.(value) ?? true;
      if (verdict !== true) return setError(typeof verdict === 'string' ? verdict : fallback);
    }
    finish(true);
  };

  return (
    <Dialog
      opened={opened}
      onChange={(next) => !next && finish(false)}
      title={options.title ?? t('messageBox.title')}
      width="min(28rem, 90vw)"
      height="auto"
      draggable
      resizable={false}
      maximizable={false}
      minimizable={false}
      footer={
        <Group gap="sm">
          {kind !== 'alert' && <Button variant="default" onClick={() => finish(false)}>{options.cancelText ?? t('messageBox.cancel')}</Button>}
          <Button onClick={confirm}>{options.confirmText ?? t('messageBox.confirm')}</Button>
        </Group>
      }
    >
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        {kind === 'prompt' && (
          <TextInput
            data-autofocus
            aria-label={options.inputLabel ?? t('messageBox.input')}
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(e) => e.key === 'Enter' && confirm()}
          />
        )}
      </Stack>
    </Dialog>
  );
}

/** Mounts a message box in its own root on document.body, so it can be called from anywhere (mutations, handlers). */
function open(kind: Kind, message: ReactNode, options: PromptOptions): Promise<{ confirmed: boolean; value: string }> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const onDone = (confirmed: boolean, value: string) => {
      resolve({ confirmed, value });
      // Unmounting inside the click that closed it would interrupt React's own commit.
      setTimeout(() => {
        root.unmount();
        host.remove();
      });
    };
    root.render(
      <MantineProvider>
        <MessageBoxView kind={kind} message={message} options={options} onDone={onDone} />
      </MantineProvider>,
    );
  });
}

/** Confirm, alert and prompt of spec §2, as promises. */
export const messageBox = {
  /** Resolves when closed. */
  alert: (message: ReactNode, options: MessageBoxOptions = {}): Promise<void> => open('alert', message, options).then(() => undefined),
  /** Resolves true on confirm, false on cancel, close or Escape. */
  confirm: (message: ReactNode, options: MessageBoxOptions = {}): Promise<boolean> => open('confirm', message, options).then((r) => r.confirmed),
  /** Resolves the accepted text, or null when cancelled. */
  prompt: (message: ReactNode, options: PromptOptions = {}): Promise<string | null> => open('prompt', message, options).then((r) => (r.confirmed ? r.value : null)),
};
