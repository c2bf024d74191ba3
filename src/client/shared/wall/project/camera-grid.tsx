import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallCamera } from '@shared/contracts/wall';
import { WALL } from '../../../components/wall/theme';
import { localName } from '@shared/local-name';

const SHOWN = 4;

function CameraTile({ camera }: { camera: WallCamera }) {
  const { t, i18n } = useTranslation('wallProject');
  const [failed, setFailed] = useState(false);
  const playable = !!camera.streamUrl && !failed;
  return (
    <figure data-testid="camera-tile" style={{ margin: 0, position: 'relative', background: '#020814', border: `1px solid ${WALL.border}`, overflow: 'hidden', minHeight: 0 }}>
      {playable ? (
        <video src={camera.streamUrl} autoPlay muted loop playsInline onError={() => setFailed(true)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div
          data-testid="camera-placeholder"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 8,
            color: WALL.textFaint,
            fontSize: 14,
            background: 'repeating-linear-gradient(135deg, rgba(60,211,255,.04) 0 12px, transparent 12px 24px)',
          }}
        >
          <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke={WALL.textFaint} strokeWidth="1.5" aria-hidden>
            <path d="M15 10l4.55-2.28A1 1 0 0 1 21 8.62v6.76a1 1 0 0 1-1.45.9L15 14M5 18h8a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2z" />
          </svg>
          {camera.streamUrl ? t('cameras.failed') : t('cameras.noStream')}
        </div>
      )}
      <figcaption style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '4px 8px', fontSize: 14, color: WALL.text, background: 'linear-gradient(0deg, rgba(2,8,20,.9), transparent)' }}>
        <span style={{ color: '#ff4d5e' }}>● </span>
        {localName(camera.name, camera.nameEn, i18n.language)}
      </figcaption>
    </figure>
  );
}

/** Up to four cameras of the project: live video when a stream address exists, a clear placeholder otherwise. */
export function CameraGrid({ cameras }: { cameras: WallCamera[] }) {
  const { t } = useTranslation('wallProject');
  if (!cameras.length) return <div style={{ padding: 24, color: WALL.textDim, fontSize: 17, textAlign: 'center' }}>{t('cameras.none')}</div>;
  return (
    <div style={{ position: 'absolute', inset: 0, padding: 12, display: 'grid', gridTemplateColumns: '1fr 1fr', gridAutoRows: '1fr', gap: 10 }}>
      {cameras.slice(0, SHOWN).map((c) => (
        <CameraTile key={c.id} camera={c} />
      ))}
    </div>
  );
}
