import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MonitorLive } from '@shared/contracts/monitor';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { apiPath } from '@client/lib/resources';

export const monitorLiveQueryOptions = (id: number) =>
  queryOptions({ queryKey: keysOf('monitor').view('live', id), queryFn: () => api.get<MonitorLive>(apiPath('monitor', 'live', id)), retry: false, staleTime: 60_000 });

function Unavailable({ text }: { text: string }) {
  return (
    <Center h={240} bg="var(--mantine-color-dark-7)" style={{ flexDirection: 'column', gap: 8, borderRadius: 4 }}>
      <IconVideoOff size={40} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text c="gray.4" size="sm">{text}</Text>
    </Center>
  );
}

/** Plays an HLS stream: natively where the browser can (Safari), through hls.js otherwise. */
function HlsVideo({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('work');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = url;
      return;
    }
    let destroyed = false;
    let hls: { destroy: () => void } | null = null;
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        setFailed(true);
        return;
      }
      const player = new Hls();
      player.on(Hls.Events.ERROR, (_event, data) => data.fatal && setFailed(true));
      player.loadSource(url);
      player.attachMedia(el);
      hls = player;
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [url]);
  if (failed) return <Unavailable text={t('monitor.noHls')} />;
  return <video ref={video} controls autoPlay muted playsInline aria-label={label} style={{ width: '100%', maxHeight: 480, background: '#000' }} />;
}

/** The live view of one camera, or a clear placeholder when there is no stream. */
export function MonitorLiveView({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('work');
  const live = useQuery(monitorLiveQueryOptions(id));
  if (live.isPending) return <Center h={240}><Loader /></Center>;
  if (live.isError) return <Unavailable text={live.error.message || t('monitor.unavailable')} />;
  if (live.data.kind === 'hls') return <HlsVideo url={live.data.url} label={name} />;
  return (
    <Stack>
      <Unavailable text={t('monitor.unavailable')} />
      <Alert color="blue">
        {t('monitor.cloudPlayer')} <Anchor href={live.data.url}>{live.data.url}</Anchor>
      </Alert>
    </Stack>
  );
}
