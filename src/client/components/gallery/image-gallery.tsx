import { useState } from 'react';
import { ActionIcon, Box, Center, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog/dialog';

export interface GalleryImage {
  src: string;
  alt: string;
}

export interface ImageGalleryProps {
  images: GalleryImage[];
  /** Thumbnail edge in px. */
  thumbSize?: number | string;
}

/** One image that says so when it cannot be loaded. */
function SafeImage({ image, fit, h, w }: { image: GalleryImage; fit: 'cover' | 'contain'; h: number | string; w: number | string }) {
  const { t } = useTranslation('kit');
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <Center h={h} w={w} bg="var(--mantine-color-default-hover)" style={{ flexDirection: 'column', gap: 4 }}>
        <IconPhotoOff size={20} aria-hidden />
        <Text size="xs" c="dimmed" ta="center">{t('gallery.error')}</Text>
      </Center>
    );
  return <Image src={image.src} alt={image.alt} fit={fit} h={h} w={w} onError={() => setFailed(true)} />;
}

/** Thumbnails that open a large preview with previous / next (spec §2 image preview gallery). */
export function ImageGallery({ images, thumbSize = '6rem' }: ImageGalleryProps) {
  const { t } = useTranslation('kit');
  const [index, setIndex] = useState<number | null>(null);
  const current = index === null ? null : images[index];
  const step = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + images.length) % images.length));

  return (
    <>
      <Group gap="xs">
        {images.map((image, i) => (
          <UnstyledButton key={`${image.src}-${i}`} aria-label={`${t('gallery.preview')}: ${image.alt}`} onClick={() => setIndex(i)} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
            <SafeImage image={image} fit="cover" h={thumbSize} w={thumbSize} />
          </UnstyledButton>
        ))}
      </Group>
      <Dialog opened={current !== null} onChange={(open) => !open && setIndex(null)} title={current?.alt} theme="dark" minimizable={false}>
        {current && (
          <Box h="100%" pos="relative">
            <SafeImage key={current.src} image={current} fit="contain" h="100%" w="100%" />
            <Group justify="space-between" pos="absolute" top="50%" left={0} right={0} px="xs" style={{ transform: 'translateY(-50%)' }}>
              <ActionIcon variant="filled" color="dark" radius="xl" aria-label={t('gallery.prev')} onClick={() => step(-1)}>
                <IconChevronLeft size={18} />
              </ActionIcon>
              <ActionIcon variant="filled" color="dark" radius="xl" aria-label={t('gallery.next')} onClick={() => step(1)}>
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
            <Text size="sm" c="gray.4" ta="center" pos="absolute" bottom={0} left={0} right={0}>
              {t('gallery.counter', { index: (index ?? 0) + 1, total: images.length })}
            </Text>
          </Box>
        )}
      </Dialog>
    </>
  );
}
