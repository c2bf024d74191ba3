import { useEffect, useId, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon, Box, Button, FocusTrap, Group, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconArrowsDiagonal, IconArrowsDiagonalMinimize2, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DIALOG_DRAG_DELAY_MS,
  DIALOG_FOOTER_HEIGHT,
  DIALOG_HEADER_HEIGHT,
  DIALOG_HEIGHT,
  DIALOG_MIN_HEIGHT,
  DIALOG_MIN_WIDTH,
  DIALOG_SPIN_DELAY_MS,
  DIALOG_WIDTH,
  MODAL_BASE_Z_INDEX,
} from '@shared/constants';
import { useDelayedFlag } from './use-delayed-flag';

export interface DialogProps {
  /** Visible or not; the dialog reports its own closing through onChange(false). */
  opened: boolean;
  onChange?: (opened: boolean) => void;
  title?: ReactNode;
  children?: ReactNode;
  /** @default '60%' */
  width?: CSSProperties['width'];
  /** @default '70%' */
  height?: CSSProperties['height'];
  /** false hides the footer (default); true shows cancel and confirm; a node replaces them. */
  footer?: boolean | ReactNode;
  /** Confirm was pressed. The dialog stays open: the caller closes it when done. */
  onOk?: () => void;
  /** Cancel, the close button or Escape closed the dialog. */
  onCancel?: () => void;
  /** Covers the body with a spinner and the loading tip, after the spin delay (100 ms). */
  loading?: boolean;
  loadingTip?: ReactNode;
  /** Spinner on the confirm button while saving. */
  confirmLoading?: boolean;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** Dims the page and keeps focus inside. @default true */
  modal?: boolean;
  /** Escape closes a modal dialog. @default true */
  closeOnEscape?: boolean;
  /**
   * What was typed is not saved: cancel, the close button and Escape ask before they discard it
   * (a small dialog on top: "Keep editing" / "Discard"). @default false
   */
  dirty?: boolean;
  /** @default true */
  draggable?: boolean;
  /** @default true */
  resizable?: boolean;
  /** @default true */
  maximizable?: boolean;
  /** @default true */
  minimizable?: boolean;
  /** @default 'light' */
  theme?: 'light' | 'dark';
}

/** Open dialogs, newest last: each gets the next z-index above MODAL_BASE_Z_INDEX, and Escape closes only the top one. */
const openStack: string[] = [];

/**
 * The floating layers a dialog's fields open (a select's options, a date picker, a menu): while one is
 * open, Escape is its own to close, not the dialog's. Tooltips are not among them.
 */
const INNER_LAYERS = '.mantine-Combobox-dropdown, .mantine-Popover-dropdown, .mantine-Menu-dropdown';

/** An inner layer is open now (in the DOM and not hidden): Mantine unmounts or hides a closed one. */
export function innerLayerOpen(doc: Document = document): boolean {
  return [...doc.querySelectorAll<HTMLElement>(INNER_LAYERS)].some((el) => el.style.display !== 'none' && !el.closest('[hidden], [aria-hidden="true"]'));
}

/**
 * The dialog of spec §2: draggable, resizable (min 300×150), maximizable, minimizable and modal,
 * portalled into document.body, 60%×70% by default with a 46px header and a 54px footer.
 */
export function Dialog({
  opened,
  onChange,
  title,
  children,
  width = DIALOG_WIDTH,
  height = DIALOG_HEIGHT,
  footer = false,
  onOk,
  onCancel,
  loading = false,
  loadingTip,
  confirmLoading,
  confirmText,
  cancelText,
  modal = true,
  closeOnEscape = true,
  draggable = true,
  resizable = true,
  maximizable = true,
  minimizable = true,
  theme = 'light',
  dirty = false,
}: DialogProps) {
  const { t } = useTranslation('kit');
  const id = useId();
  const titleId = `${id}-title`;
  const [minimized, setMinimized] = useState(false);
  const [maximized, setMaximized] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [zIndex, setZIndex] = useState(MODAL_BASE_Z_INDEX);
  const windowRef = useRef<HTMLDivElement>(null);
  const spinning = useDelayedFlag(loading, DIALOG_SPIN_DELAY_MS);
  // Asking whether to discard what was typed (dirty): the small dialog on top is open.
  const [asking, setAsking] = useState(false);
  const latest = useRef({ onChange, onCancel, closeOnEscape, dirty, asking });
  useEffect(() => {
    latest.current = { onChange, onCancel, closeOnEscape, dirty, asking };
  });

  useEffect(() => {
    if (!opened) {
      setMinimized(false);
      setAsking(false);
      return;
    }
    openStack.push(id);
    setZIndex(MODAL_BASE_Z_INDEX + openStack.length - 1);
    return () => {
      openStack.splice(openStack.indexOf(id), 1);
    };
  }, [opened, id]);

  /** Closes now, whatever was typed. */
  const discard = () => {
    setAsking(false);
    setMinimized(false);
    latest.current.onChange?.(false);
    latest.current.onCancel?.();
  };
  /** Cancel, the close button, Escape: asks first when something typed would be lost. */
  const close = () => {
    if (latest.current.dirty) setAsking(true);
    else discard();
  };

  useEffect(() => {
    if (!opened || !modal) return;
    // In the capture phase, before the field's own handler closes its layer: whether one was open is
    // read as the key went down.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !latest.current.closeOnEscape || openStack.at(-1) !== id || latest.current.asking) return;
      if (innerLayerOpen()) return;
      close();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
    // close reads only refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, modal, id]);

  /** Follows the pointer from `start` until release; `onStart` runs after `delay` ms of holding. */
  const track = (event: ReactPointerEvent, delay: number, onMove: (dx: number, dy: number) => void, onStart?: () => void) => {
    if (event.button !== 0) return;
    const startX = event.clientX;
    const startY = event.clientY;
    let active = delay === 0;
    if (active) onStart?.();
    const timer = setTimeout(() => {
      active = true;
      onStart?.();
    }, delay);
    const move = (e: PointerEvent) => active && onMove(e.clientX - startX, e.clientY - startY);
    const up = () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const startDrag = (event: ReactPointerEvent) => {
    if (!draggable || maximized || minimized || (event.target as HTMLElement).closest('button')) return;
    const from = offset;
    track(event, DIALOG_DRAG_DELAY_MS, (dx, dy) => setOffset({ x: from.x + dx, y: from.y + dy }));
  };

  const startResize = (event: ReactPointerEvent) => {
    event.stopPropagation();
    const rect = windowRef.current?.getBoundingClientRect();
    const from = { w: size?.w ?? rect?.width ?? DIALOG_MIN_WIDTH, h: size?.h ?? rect?.height ?? DIALOG_MIN_HEIGHT };
    track(event, 0, (dx, dy) => setSize({ w: Math.max(DIALOG_MIN_WIDTH, from.w + dx), h: Math.max(DIALOG_MIN_HEIGHT, from.h + dy) }));
  };

  if (!opened) return null;

  const dark = theme === 'dark';
  const frame: CSSProperties = maximized
    ? { top: 0, left: 0, width: '100vw', height: '100vh' }
    : minimized
      ? { left: 0, bottom: 0, width: DIALOG_MIN_WIDTH, height: DIALOG_HEADER_HEIGHT }
      : {
          top: '50%',
          left: '50%',
          width: size?.w ?? width,
          height: size?.h ?? height,
          minWidth: DIALOG_MIN_WIDTH,
          minHeight: DIALOG_MIN_HEIGHT,
          transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))`,
        };

  const footerContent =
    footer === true ? (
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>{cancelText ?? t('dialog.cancel')}</Button>
        <Button onClick={onOk} loading={confirmLoading}>{confirmText ?? t('dialog.confirm')}</Button>
      </Group>
    ) : (
      footer
    );

  const box = (
    <Box
      ref={windowRef}
      role="dialog"
      aria-modal={modal}
      aria-labelledby={titleId}
      data-theme={theme}
      data-minimized={minimized || undefined}
      data-maximized={maximized || undefined}
      style={{
        position: 'fixed',
        zIndex,
        display: 'flex',
        flexDirection: 'column',
        background: dark ? 'var(--mantine-color-dark-7)' : 'var(--mantine-color-white)',
        color: dark ? 'var(--mantine-color-dark-0)' : 'var(--mantine-color-black)',
        borderRadius: maximized ? 0 : 'var(--mantine-radius-md)',
        boxShadow: 'var(--mantine-shadow-xl)',
        overflow: 'hidden',
        ...frame,
      }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="md"
        onPointerDown={startDrag}
        onDoubleClick={() => maximizable && !minimized && setMaximized((m) => !m)}
        style={{ height: DIALOG_HEADER_HEIGHT, flex: 'none', cursor: draggable && !maximized ? 'move' : undefined, userSelect: 'none', borderBottom: minimized ? undefined : `1px solid ${dark ? 'var(--mantine-color-dark-4)' : 'var(--mantine-color-gray-3)'}` }}
      >
        <Text id={titleId} fw={600} truncate>{title}</Text>
        <Group gap={4} wrap="nowrap">
          {minimizable && (
            <ActionIcon variant="subtle" color="gray" aria-label={minimized ? t('dialog.restore') : t('dialog.minimize')} onClick={() => setMinimized((m) => !m)}>
              {minimized ? <IconArrowsDiagonal size={16} /> : <IconMinus size={16} />}
            </ActionIcon>
          )}
          {maximizable && !minimized && (
            <ActionIcon variant="subtle" color="gray" aria-label={maximized ? t('dialog.restore') : t('dialog.maximize')} onClick={() => setMaximized((m) => !m)}>
              {maximized ? <IconArrowsDiagonalMinimize2 size={16} /> : <IconArrowsDiagonal size={16} />}
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" color="gray" aria-label={t('dialog.close')} onClick={close}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {!minimized && (
        <>
          <Box pos="relative" p="md" style={{ flex: 1, overflow: 'auto' }}>
            <LoadingOverlay
              visible={spinning}
              zIndex={1}
              loaderProps={{
                children: (
                  <Stack align="center" gap="xs">
                    <Loader size="sm" />
                    <Text size="sm">{loadingTip ?? t('dialog.loading')}</Text>
                  </Stack>
                ),
              }}
            />
            {children}
          </Box>
          {footerContent ? (
            <Group justify="flex-end" px="md" style={{ height: DIALOG_FOOTER_HEIGHT, flex: 'none', borderTop: `1px solid ${dark ? 'var(--mantine-color-dark-4)' : 'var(--mantine-color-gray-3)'}` }}>
              <Box>{footerContent}</Box>
            </Group>
          ) : null}
          {resizable && !maximized && (
            <Box
              aria-label={t('dialog.resize')}
              role="separator"
              onPointerDown={startResize}
              style={{ position: 'absolute', right: 0, bottom: 0, width: 'var(--mantine-spacing-md)', height: 'var(--mantine-spacing-md)', cursor: 'nwse-resize' }}
            />
          )}
        </>
      )}
    </Box>
  );

  return createPortal(
    <>
      {modal && !minimized && <Box aria-hidden style={{ position: 'fixed', inset: 0, zIndex, background: 'rgba(0, 0, 0, 0.45)' }} />}
      {modal && !minimized ? <FocusTrap active={!asking}>{box}</FocusTrap> : box}
      <Dialog
        opened={asking}
        onChange={(open) => !open && setAsking(false)}
        title={t('dialog.discardTitle')}
        width={420}
        height={190}
        draggable={false}
        resizable={false}
        maximizable={false}
        minimizable={false}
        theme={theme}
        footer={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>{t('dialog.keepEditing')}</Button>
            <Button color="red" onClick={discard}>{t('dialog.discard')}</Button>
          </Group>
        }
      >
        <Text size="sm">{t('dialog.discardText')}</Text>
      </Dialog>
    </>,
    document.body,
  );
}
