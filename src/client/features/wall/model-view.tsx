import { useCallback, useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localName } from '@shared/local-name';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { runtimeConfig } from '../../lib/runtime-config';
import { WALL } from '../../components/wall/theme';
import { useProjectDrawings } from './project/api/get-project-drawings';
import { useFileSrc } from '@client/lib/files';
import { useKiosk } from '../../shared/wall/project/kiosk';
import { wallId } from './wall-id';

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 8;
const WHEEL_STEP = 1.15;
const BUTTON_STEP = 1.5;

interface View {
  zoom: number;
  x: number;
  y: number;
}
const FITTED: View = { zoom: 1, x: 0, y: 0 };

const button = {
  background: 'rgba(8, 26, 54, 0.85)',
  color: WALL.text,
  border: `1px solid ${WALL.border}`,
  borderRadius: 4,
  padding: '8px 14px',
  fontSize: 16,
  cursor: 'pointer',
} as const;
const disabledButton = { ...button, opacity: 0.4, cursor: 'default' } as const;

/**
 * /page/model/:id/:i — drawing number i (1-based, in the drawings' sort order) of project id, full
 * screen: wheel zooms around the pointer, dragging pans, arrows and buttons switch drawings.
 */
export default function ModelView() {
  const { t, i18n } = useTranslation('wallProject');
  const params = useParams();
  const navigate = useNavigate();
  const projectId = wallId(params.id);
  const index = Math.max(1, wallId(params.i) || 1);
  const { ready } = useKiosk();
  const drawings = useProjectDrawings(ready ? projectId : 0);
  const list = drawings.data ?? [];
  const drawing = list[index - 1];
  const pictureSrc = useFileSrc(drawing?.picture ? `${runtimeConfig().downloadUrl}/${drawing.picture}` : null);
  const [view, setView] = useState<View>(FITTED);
  const drag = useRef<{ x: number; y: number; vx: number; vy: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => setView(FITTED), [projectId, index]);

  const go = useCallback(
    (n: number) => {
      if (n >= 1 && n <= list.length) void navigate(`/page/model/${projectId}/${n}`, { replace: true });
    },
    [list.length, navigate, projectId],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') go(index - 1);
      else if (e.key === 'ArrowRight') go(index + 1);
      else if (e.key === '0') setView(FITTED);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index]);

  /** Zooms by a factor around a point of the stage (the pointer, or the centre for buttons). */
  const zoomAt = (factor: number, px?: number, py?: number) => {
    const rect = stage.current?.getBoundingClientRect();
    const cx = (px ?? (rect ? rect.left + rect.width / 2 : 0)) - (rect ? rect.left + rect.width / 2 : 0);
    const cy = (py ?? (rect ? rect.top + rect.height / 2 : 0)) - (rect ? rect.top + rect.height / 2 : 0);
    setView((v) => {
      const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
      const k = zoom / v.zoom;
      return { zoom, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
    });
  };
  const onWheel = (e: WheelEvent) => zoomAt(e.deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, e.clientX, e.clientY);
  const onPointerDown = (e: PointerEvent) => {
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (d) setView((v) => ({ ...v, x: d.vx + e.clientX - d.x, y: d.vy + e.clientY - d.y }));
  };
  const endDrag = () => (drag.current = null);

  let message: string | null = null;
  if (!projectId) message = t('notFound');
  else if (drawings.isSuccess && !list.length) message = t('model.none');
  else if (drawings.isSuccess && !drawing) message = t('model.missing', { i: index, n: list.length });
  else if (drawing && !drawing.picture) message = t('model.noPicture');
  else if (drawings.isError) message = drawings.error.message;

  return (
    <div data-testid="model-view" style={{ position: 'fixed', inset: 0, background: WALL.background, color: WALL.text, fontFamily: WALL.font, overflow: 'hidden' }}>
      <div
        ref={stage}
        data-testid="model-stage"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={{ position: 'absolute', inset: '68px 0 80px', display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: drag.current ? 'grabbing' : 'grab', touchAction: 'none' }}
      >
        {drawing?.picture ? (
          <img
            data-testid="model-image"
            src={pictureSrc}
            alt={localName(drawing.name, drawing.nameEn, i18n.language)}
            draggable={false}
            style={{
              maxWidth: '100%',
              maxHeight: '100%',
              objectFit: 'contain',
              transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
              transformOrigin: 'center center',
              userSelect: 'none',
            }}
          />
        ) : null}
        {message ? <div style={{ fontSize: 28, color: WALL.textDim }}>{message}</div> : null}
      </div>
      <header style={{ position: 'absolute', left: 0, right: 0, top: 0, display: 'flex', alignItems: 'center', gap: 12, padding: '12px 20px', background: 'linear-gradient(180deg, rgba(3,11,26,.92), rgba(3,11,26,0))' }}>
        <Link to={`/page/project/${projectId}`} style={{ ...button, textDecoration: 'none' }}>
          ← {t('model.back')}
        </Link>
        <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600, flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {drawing ? localName(drawing.name, drawing.nameEn, i18n.language) : ''}
          {drawing ? <span style={{ marginLeft: 14, fontSize: 16, color: WALL.textDim }}>{t('model.title', { i: index, n: list.length })}</span> : null}
        </h1>
        <span style={{ fontSize: 14, color: WALL.textFaint }}>{t('model.hint')}</span>
      </header>
      <footer style={{ position: 'absolute', left: '50%', bottom: 20, transform: 'translateX(-50%)', display: 'flex', gap: 10 }}>
        <button type="button" style={index <= 1 ? disabledButton : button} onClick={() => go(index - 1)} disabled={index <= 1}>
          ‹ {t('model.prev')}
        </button>
        <button type="button" style={button} onClick={() => zoomAt(1 / BUTTON_STEP)} aria-label={t('model.zoomOut')}>
          −
        </button>
        <button type="button" style={{ ...button, minWidth: 90 }} onClick={() => setView(FITTED)} title={t('model.reset')}>
          {Math.round(view.zoom * 100)}%
        </button>
        <button type="button" style={button} onClick={() => zoomAt(BUTTON_STEP)} aria-label={t('model.zoomIn')}>
          +
        </button>
        <button type="button" style={index >= list.length ? disabledButton : button} onClick={() => go(index + 1)} disabled={index >= list.length}>
          {t('model.next')} ›
        </button>
      </footer>
    </div>
  );
}
