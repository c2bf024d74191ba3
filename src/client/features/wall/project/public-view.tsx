import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WATER_TYPE, XMZT } from '@shared/dictionaries';
import type { PublicProject } from '@shared/contracts/public';
import { RichContent } from '../../../components/rich-text/rich-content';
import { Panel } from '../../../components/wall/panel';
import { ScrollBox } from '../../../components/wall/scroll-list';
import { projectStatusColor, WALL } from '../../../components/wall/theme';
import { TITLE_BAR_HEIGHT, WallTitleBar } from '../../../components/wall/wall-title-bar';
import { localName } from '@shared/local-name';
import { publicFileSrc } from './api/get-public-project';
import { ShowState } from './show-state';

const GAP = 16;
const LEFT_WIDTH = 560;
const BODY_TOP = TITLE_BAR_HEIGHT + GAP;

function label(items: { value: string; cn: string; en: string }[], value: string, lang: string): string {
  const item = items.find((i) => i.value === value);
  return item ? (lang === 'en' ? item.en : item.cn) : value;
}

/**
 * The public form of a public project (docs/domain.md §6): name, place, status, introduction, pictures
 * and headline figures, and the way to the password that opens the detailed view.
 */
export function PublicView({ project }: { project: PublicProject }) {
  const { t, i18n } = useTranslation('wallProject');
  const lang = i18n.language;
  const name = (lang === 'en' ? project.nameEn : project.nameCn) || project.name;
  const pictures = [...(project.sitePlan ? [{ fileId: project.sitePlan.fileId, name: t('panels.sitePlan'), url: project.sitePlan.url }] : []), ...project.pictures];
  const [shown, setShown] = useState(0);
  const fileSrc = useMemo(() => publicFileSrc(project.id), [project.id]);
  const current = pictures[Math.min(shown, pictures.length - 1)];
  const figures: { key: 'place' | 'status' | 'waterType' | 'totalArea' | 'equipmentCount' | 'dailyShowTime'; value: string; colour?: string }[] = [
    { key: 'place', value: [project.country, localName(project.city, project.cityEn, lang)].filter(Boolean).join(' · ') || '—' },
    { key: 'status', value: label(XMZT, project.status, lang), colour: projectStatusColor(project.status) },
    { key: 'waterType', value: label(WATER_TYPE, project.figures.waterType, lang) },
    { key: 'totalArea', value: t('public.area', { n: project.figures.totalArea.toLocaleString() }) },
    { key: 'equipmentCount', value: t('public.units', { n: project.figures.equipmentCount }) },
    { key: 'dailyShowTime', value: project.figures.dailyShowTime || '—' },
  ];

  // The way to the password, a strip of its own above the picture: laid over the picture's corner it
  // covered the site plan's own title.
  const passwordBanner = (
    <div data-testid="password-banner" style={{ flex: 'none', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 14, padding: '8px 12px', background: 'rgba(3,11,26,.85)', border: `1px solid ${WALL.border}` }}>
      <span style={{ fontSize: 15, color: WALL.textDim }}>{t('public.detailHint')}</span>
      <Link
        data-testid="enter-password"
        to={`/login2/${project.id}`}
        style={{ fontSize: 17, fontWeight: 600, color: '#031226', background: WALL.accent, padding: '8px 18px', borderRadius: 4, textDecoration: 'none', whiteSpace: 'nowrap' }}
      >
        {t('public.enterPassword')}
      </Link>
    </div>
  );

  return (
    <>
      <WallTitleBar
        title={name}
        left={
          <>
            <span style={{ fontSize: 16, color: WALL.accent, border: `1px solid ${WALL.accent}`, padding: '3px 10px', borderRadius: 3 }}>{t('public.badge')}</span>
            <ShowState show={project.show} at={project.at} projectId={project.id} query="public-project" />
          </>
        }
      />
      <Panel name="public-figures" ready padding={0} title={t('panels.figures')} box={{ x: GAP, y: BODY_TOP, w: LEFT_WIDTH, h: 400 }}>
        <dl style={{ margin: 0, padding: '10px 18px', display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '6px 16px' }}>
          {figures.map((f) => (
            <div key={f.key} style={{ padding: '10px 0', borderBottom: `1px dashed ${WALL.grid}` }}>
              <dt style={{ fontSize: 15, color: WALL.textDim }}>{t(`public.${f.key}`)}</dt>
              <dd data-testid={`figure-${f.key}`} style={{ margin: 0, fontSize: 24, fontWeight: 600, color: f.colour ?? WALL.text, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel name="public-intro" ready padding={0} title={t('panels.intro')} box={{ x: GAP, y: BODY_TOP + 400 + GAP, w: LEFT_WIDTH, h: 1080 - BODY_TOP - 400 - 2 * GAP }}>
        <div data-testid="public-intro-body" style={{ position: 'absolute', inset: 0, padding: '14px 18px', fontSize: 17, lineHeight: 1.7, color: WALL.text }}>
          {project.introduction.length ? (
            // A long introduction scrolls itself rather than being cut off at the panel's edge.
            <ScrollBox gap={24}>
              {project.introduction.map((intro) => (
                <article key={intro.id} style={{ paddingBottom: 12 }}>
                  <h3 style={{ margin: '0 0 4px', fontSize: 19, color: WALL.accent }}>{intro.title}</h3>
                  <RichContent tone="wall" content={intro.content} fileSrc={fileSrc} />
                </article>
              ))}
            </ScrollBox>
          ) : (
            <span style={{ color: WALL.textDim }}>{t('public.noIntro')}</span>
          )}
        </div>
      </Panel>
      <Panel
        name="public-pictures"
        ready
        padding={0}
        title={t('panels.pictures')}
        extra={current ? current.name : null}
        box={{ x: LEFT_WIDTH + 2 * GAP, y: BODY_TOP, w: 1920 - LEFT_WIDTH - 3 * GAP, h: 1080 - BODY_TOP - GAP }}
      >
        {current ? (
          <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: 14, gap: 12 }}>
            {passwordBanner}
            <div style={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(2,8,20,.5)' }}>
              <img src={current.url} alt={current.name} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
            </div>
            {pictures.length > 1 ? (
              <div style={{ display: 'flex', gap: 10, height: 96, flex: '0 0 96px', overflow: 'hidden' }}>
                {pictures.map((p, n) => (
                  <button
                    key={p.fileId}
                    type="button"
                    onClick={() => setShown(n)}
                    title={p.name}
                    style={{ padding: 0, width: 150, height: 96, border: `2px solid ${n === shown ? WALL.accent : WALL.border}`, background: '#020814', cursor: 'pointer' }}
                  >
                    <img src={p.url} alt={p.name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  </button>
                ))}
              </div>
            ) : null}
          </div>
        ) : (
          <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: 14, gap: 12 }}>
            {passwordBanner}
            <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: WALL.textDim, fontSize: 22 }}>{t('public.noPictures')}</div>
          </div>
        )}
      </Panel>
    </>
  );
}
