import { useTranslation } from 'react-i18next';
import { WALL } from '@client/components/wall/theme';

/**
 * /page/ended: where a kiosk wall goes when the server no longer knows its display token (revoked in
 * the scene screen, or the data was reset). Nobody stands at a wall to sign in, so instead of a login
 * form it says, large enough to read across a control room, what happened and who can fix it.
 */
export default function DisplayEnded() {
  const { t } = useTranslation('wall');
  return (
    <main
      role="alert"
      style={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '2vh',
        padding: '8vw',
        textAlign: 'center',
        background: WALL.backgroundGlow,
        color: WALL.text,
        fontFamily: WALL.font,
        cursor: 'none',
      }}
    >
      <h1 style={{ margin: 0, fontSize: 'clamp(28px, 4vw, 72px)', fontWeight: 700, color: WALL.accent }}>{t('ended.title')}</h1>
      <p style={{ margin: 0, maxWidth: '60ch', fontSize: 'clamp(16px, 1.8vw, 32px)', lineHeight: 1.5, color: WALL.textDim }}>{t('ended.text')}</p>
    </main>
  );
}
