import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Box, Button, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconExternalLink, IconX } from '@tabler/icons-react';
import { GridLayout, noCompactor, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { Card, SceneItem } from '@shared/contracts/scene';
import { SCENE_COLUMNS, SCENE_ROWS } from '@shared/scene-grid';
import { toast } from '../../components/feedback/toast';
import { WALL } from '../../components/wall/theme';
import { useScene } from '../../shared/scenes/api/get-scene';
import { useAllCards } from './api/list-cards';
import { useSaveSceneLayout } from './api/save-scene-layout';
import { cardTitle, SCENE_AREA } from '../../shared/scenes/scene-renderer';
import { Link } from 'react-router-dom';
import { RESOURCES } from '@shared/resources';
import { HasMenu } from '@client/components/access';

/** Size of a card dropped from the palette, in grid cells. */
const NEW_CARD = { w: 6, h: 5 };
const GRID_MARGIN = 6;

/** The first free place for a w×h item, scanning rows then columns; null when the grid is full. */
export function freeSpot(layout: Pick<SceneItem, 'x' | 'y' | 'w' | 'h'>[], w: number, h: number): { x: number; y: number } | null {
  for (let y = 0; y + h <= SCENE_ROWS; y++) {
    for (let x = 0; x + w <= SCENE_COLUMNS; x++) {
      const clash = layout.some((it) => x < it.x + it.w && it.x < x + w && y < it.y + it.h && it.y < y + h);
      if (!clash) return { x, y };
    }
  }
  return null;
}

/**
 * The scene editor: a card palette beside the wall grid (24 × SCENE_ROWS over 1920×1080, drawn at
 * the width available) where cards are dragged and resized; the server checks the layout on save.
 */
export function SceneEditor({ sceneId, onClose }: { sceneId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('scenes');
  const scene = useScene(sceneId);
  const cards = useAllCards();
  const save = useSaveSceneLayout(sceneId);
  const [draft, setDraft] = useState<SceneItem[] | null>(null);
  const layout = draft ?? scene.data?.layout ?? [];
  const byId = useMemo(() => new Map<number, Card>((cards.data ?? []).map((c) => [c.id, c])), [cards.data]);
  const { width, containerRef, mounted } = useContainerWidth();
  // The wall's grid area (under the title bar and the alarm strip) in the same proportions.
  const gridHeight = (width * SCENE_AREA.h) / SCENE_AREA.w;
  const rowHeight = Math.max(8, (gridHeight - GRID_MARGIN * (SCENE_ROWS - 1)) / SCENE_ROWS);

  const add = (card: Card) => {
    const spot = freeSpot(layout, NEW_CARD.w, NEW_CARD.h) ?? freeSpot(layout, 3, 3);
    if (!spot) {
      toast.warning(() => t('editor.full'));
      return;
    }
    const size = freeSpot(layout, NEW_CARD.w, NEW_CARD.h) ? NEW_CARD : { w: 3, h: 3 };
    setDraft([...layout, { i: `c${Date.now().toString(36)}`, cardId: card.id, ...spot, ...size }]);
  };
  const remove = (i: string) => setDraft(layout.filter((it) => it.i !== i));
  const onLayoutChange = (next: Layout) => {
    const moved = layout.map((it) => {
      const n = next.find((l) => l.i === it.i);
      return n ? { ...it, x: n.x, y: n.y, w: n.w, h: n.h } : it;
    });
    if (JSON.stringify(moved) !== JSON.stringify(layout)) setDraft(moved);
  };
  const submit = () =>
    save.mutate(layout, {
      onSuccess: () => {
        toast.success(() => t('editor.saved'));
        setDraft(null);
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={4}>{t('editor.title', { name: scene.data?.name ?? '' })}</Title>
          {draft ? <Badge color="orange" variant="light">{t('editor.dirty')}</Badge> : null}
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">{t('editor.grid', { cols: SCENE_COLUMNS, rows: SCENE_ROWS })}</Text>
          <Button size="xs" variant="default" leftSection={<IconExternalLink size={14} />} component="a" href={`#/page?scene=${sceneId}`} target="_blank" rel="opener">
            {t('editor.preview')}
          </Button>
          <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} onClick={submit} loading={save.isPending} disabled={!draft}>
            {t('editor.save')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onClose}>{t('editor.back')}</Button>
        </Group>
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="md" style={{ flex: 1, minHeight: 0 }}>
        <Paper withBorder p="xs" w={240} style={{ flex: '0 0 240px' }}>
          <Text fw={600} size="sm">{t('editor.palette')}</Text>
          <Text size="xs" c="dimmed" mb="xs">{t('editor.paletteHint')}</Text>
          {/* The palette is the cards screen's list: the way there only for those who have that menu. */}
          <HasMenu code={RESOURCES.card.code}>
            <Anchor component={Link} to={`/main/${RESOURCES.card.menu.url}`} size="xs" display="block" mb="xs">
              {t('editor.manageCards')}
            </Anchor>
          </HasMenu>
          <ScrollArea.Autosize mah={560}>
            <Stack gap={6}>
              {(cards.data ?? []).map((card) => (
                <Button key={card.id} variant="light" size="xs" justify="flex-start" fullWidth onClick={() => add(card)} title={t(`types.${card.type}`)}>
                  {cardTitle(card, i18n.language)}
                </Button>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
        <Box ref={containerRef} data-testid="scene-grid" style={{ flex: 1, minWidth: 0, background: WALL.background, borderRadius: 4, height: gridHeight + 2 * GRID_MARGIN, position: 'relative' }}>
          {mounted && layout.length === 0 ? (
            <Text c="dimmed" ta="center" pt="xl">{t('editor.empty')}</Text>
          ) : null}
          {mounted ? (
            <GridLayout
              width={width}
              layout={layout.map((it) => ({ i: it.i, x: it.x, y: it.y, w: it.w, h: it.h }))}
              gridConfig={{ cols: SCENE_COLUMNS, rowHeight, margin: [GRID_MARGIN, GRID_MARGIN], containerPadding: [GRID_MARGIN, GRID_MARGIN], maxRows: SCENE_ROWS }}
              dragConfig={{ enabled: true, bounded: true, cancel: '.scene-item-remove' }}
              resizeConfig={{ enabled: true, handles: ['se'] }}
              compactor={noCompactor}
              onLayoutChange={onLayoutChange}
            >
              {layout.map((it) => {
                const card = byId.get(it.cardId);
                return (
                  <div key={it.i} style={{ background: WALL.panel, border: `1px solid ${WALL.border}`, color: WALL.text, padding: 8, overflow: 'hidden', cursor: 'move' }}>
                    <Group justify="space-between" wrap="nowrap" gap={4}>
                      <Text size="sm" fw={600} truncate>{card ? cardTitle(card, i18n.language) : `#${it.cardId}`}</Text>
                      <button type="button" className="scene-item-remove" aria-label={t('editor.remove')} onClick={() => remove(it.i)} style={{ background: 'none', border: 0, color: WALL.textDim, cursor: 'pointer' }}>
                        <IconX size={14} />
                      </button>
                    </Group>
                    <Text size="xs" c={WALL.textDim}>{card ? t(`types.${card.type}`) : ''}</Text>
                    <Text size="xs" c={WALL.textFaint}>{`${it.w} × ${it.h}`}</Text>
                  </div>
                );
              })}
            </GridLayout>
          ) : null}
        </Box>
      </Group>
    </Stack>
  );
}
