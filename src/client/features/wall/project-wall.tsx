import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { loginDisplay, useSession } from '../../lib/session';
import { StaleBadge } from '../../components/wall/stale-badge';
import { ReconnectingBadge } from '../../components/wall/reconnecting-badge';
import { WALL } from '../../components/wall/theme';
import { WallCanvas } from '../../components/wall/wall-canvas';
import { useProjectWall } from '../../shared/wall/project/api/get-project-wall';
import { usePublicProject } from './project/api/get-public-project';
import { useWallSession } from '../../shared/wall/project/api/get-wall-session';
import { useKiosk } from '../../shared/wall/project/kiosk';
import { PROJECT_ALARM_BOX, ProjectDetail } from './project/project-detail';
import { PublicView } from './project/public-view';
import { wallId } from './wall-id';
import { AlarmStrip } from '../../shared/wall/alarms/alarm-strip';

function Message({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div data-testid="wall-message" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 24, fontSize: 30, color: WALL.textDim }}>
      {children}
      {action}
    </div>
  );
}

function Badge({ colour, children, testId }: { colour: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} style={{ fontSize: 15, color: colour, border: `1px solid ${colour}`, padding: '3px 10px', borderRadius: 3, whiteSpace: 'nowrap' }}>
      {children}
    </span>
  );
}

/**
 * /page/project/:id. Signed-in users and kiosk displays see the detailed wall; a visitor whose
 * login2 password opened this project sees it read-only; anyone else sees the public form of a
 * public project with the way to its password.
 */
export default function ProjectWall() {
  const { t } = useTranslation('wallProject');
  // Only a real id is asked for: /page/project/abc says there is no such project instead of staying dark.
  const id = wallId(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  const { kiosk, ready } = useKiosk();
  const { token } = useSession();

  // login2 hands over the visitor token in the navigation state; it becomes this tab's session.
  const visitorToken = (location.state as { visitorToken?: string } | null)?.visitorToken;
  useLayoutEffect(() => {
    if (!visitorToken) return;
    loginDisplay(visitorToken, 'visitor', id);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [visitorToken, id, navigate, location.pathname, location.search]);

  const settled = ready && !visitorToken;
  const wallSession = useWallSession(settled ? token : null);
  const visitorElsewhere = wallSession.data?.kind === 'visitor' && wallSession.data.projectId !== id;
  const wall = useProjectWall(id, id > 0 && settled && wallSession.isSuccess && !visitorElsewhere);
  const refused = wall.error instanceof ApiError && wall.error.code === 403;
  const showPublic = id > 0 && settled && (!token || wallSession.isError || visitorElsewhere || refused);
  const pub = usePublicProject(id, showPublic);

  let body: ReactNode = null;
  if (!id) {
    body = <Message>{t('notFound')}</Message>;
  } else if (showPublic) {
    if (pub.data) body = <PublicView project={pub.data} />;
    // Signed in, and the project is outside the user's data scope: said so, not "sign in" again.
    else if (pub.isError && refused && !visitorElsewhere) body = <Message>{t('public.outsideScope')}</Message>;
    else if (pub.isError)
      body = (
        <Message action={!kiosk ? <Link to="/login" style={{ fontSize: 20, color: WALL.accent }}>{t('public.login')}</Link> : null}>
          {t('public.notPublic')}
        </Message>
      );
  } else if (wall.data) {
    const badges = (
      <>
        {wallSession.data?.kind === 'visitor' ? <Badge colour={WALL.accent} testId="visitor-badge">{t('visitor')}</Badge> : null}
        {kiosk ? <Badge colour={WALL.textDim}>{t('kiosk')}</Badge> : null}
        <StaleBadge label={(n) => t('stale', { n })} />
        <ReconnectingBadge label={(time) => t('reconnectingAsOf', { time })} />
      </>
    );
    body = (
      <>
        <ProjectDetail wall={wall.data} badges={badges} kiosk={kiosk} updatedAt={wall.dataUpdatedAt} />
        <AlarmStrip key={id} projectId={id} wallKey={`project:${id}`} kiosk={kiosk} box={PROJECT_ALARM_BOX} />
      </>
    );
  } else if (wall.error instanceof ApiError && wall.error.code === 404) {
    body = <Message>{t('notFound')}</Message>;
  } else if (wall.isError || wall.failureCount > 0) {
    body = <Message>{t('reconnecting')}</Message>;
  }

  return (
    <WallCanvas label={t('panels.sitePlan')}>
      <div data-testid="project-wall" data-mode={showPublic ? 'public' : 'detail'} style={{ position: 'absolute', inset: 0 }}>
        {body}
      </div>
    </WallCanvas>
  );
}
