-- The front door (docs/decisions.md "Front door"): request limits, wrong-password back-off and the project password
-- lookup live in the database, so every instance on it counts the same requests.

-- Fixed-window request counters, one row per limit and key (route + address, project, ...).
-- Counted with one INSERT … ON CONFLICT DO UPDATE … RETURNING: parallel requests queue on the row.
CREATE TABLE sys_rate_limit (
  key         varchar(200) PRIMARY KEY,
  hits        integer      NOT NULL,
  window_ends timestamptz  NOT NULL
);
CREATE INDEX sys_rate_limit_window_idx ON sys_rate_limit(window_ends);

-- Wrong passwords per account and address (ip = '*': the whole account). An attempt is counted
-- before its password is checked and forgiven on success, so parallel guesses cannot overtake the
-- count; past the threshold the pair waits 30 s doubling (capped), it is never locked.
CREATE TABLE sys_login_guard (
  user_id        integer      NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  ip             varchar(64)  NOT NULL,
  failures       integer      NOT NULL DEFAULT 0,
  last_failed_at timestamptz  NOT NULL DEFAULT now(),
  blocked_until  timestamptz,
  -- Whether the last attempt was let through (set by the same statement that counts it).
  allowed        boolean      NOT NULL DEFAULT true,
  PRIMARY KEY (user_id, ip)
);
CREATE INDEX sys_login_guard_at_idx ON sys_login_guard(last_failed_at);

-- Server secrets shared by every instance, made on the first start (src/server/lib/server-key.ts).
CREATE TABLE sys_secret (
  name       varchar(64) PRIMARY KEY,
  value      text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- HMAC-SHA256(server key, project id ':' password) beside the scrypt hash: login2 finds a password
-- with one index lookup instead of trying every live password with scrypt. Rows issued before this
-- column have none (the clear password is not kept) and no longer open a session: reissue them.
ALTER TABLE fall_project_password ADD COLUMN lookup_hash char(64);
CREATE INDEX fall_project_password_lookup_idx ON fall_project_password(project_id, lookup_hash) WHERE lookup_hash IS NOT NULL;

-- Locks set by the old automatic lockout are lifted: wrong passwords no longer lock an account
-- (sys_user.status 0 is the administrator's lock). The old columns stay unused.
UPDATE sys_user SET failed_count = 0, last_failed_at = NULL, locked_until = NULL
 WHERE failed_count <> 0 OR last_failed_at IS NOT NULL OR locked_until IS NOT NULL;
