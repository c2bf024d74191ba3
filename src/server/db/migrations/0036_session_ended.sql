-- A deleted session (sign-out, a revoked display token or project password, a session kicked out on
-- the online-users screen, a disabled or deleted user, the expiry job) is told to every instance, so
-- each ends that session's open event streams at once (live/hub.ts) instead of writing to them until
-- the browser leaves. One notification per statement, however many rows: the hub then checks all its
-- streams' sessions in one query.
CREATE FUNCTION sys_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cascade_session_end', '');
  RETURN NULL;
END $$;

CREATE TRIGGER sys_session_ended AFTER DELETE OR TRUNCATE ON sys_session
  FOR EACH STATEMENT EXECUTE FUNCTION sys_session_ended();
