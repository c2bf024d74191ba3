-- Identity, sessions, menus and the system tables of the back-office.
CREATE TABLE sys_user (
  id            serial PRIMARY KEY,
  username      varchar(64)  NOT NULL UNIQUE,
  password_hash text         NOT NULL,
  real_name     varchar(64)  NOT NULL DEFAULT '',
  phone         varchar(32)  NOT NULL DEFAULT '',
  email         varchar(254) NOT NULL DEFAULT '',
  sex           varchar(1)   NOT NULL DEFAULT '2',
  avatar        text         NOT NULL DEFAULT '',
  status        smallint     NOT NULL DEFAULT 1,          -- 1 normal, 0 disabled (spec §3 userStatus)
  expire_at     timestamptz,                              -- null: never expires
  failed_count  integer      NOT NULL DEFAULT 0,
  last_failed_at timestamptz,
  locked_until  timestamptz,
  created_at    timestamptz  NOT NULL DEFAULT now(),
  updated_at    timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE sys_role (
  id         serial PRIMARY KEY,
  code       varchar(64)  NOT NULL UNIQUE,
  name       varchar(64)  NOT NULL,
  name_en    varchar(64)  NOT NULL DEFAULT '',
  remark     text         NOT NULL DEFAULT '',
  created_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE sys_user_role (
  user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE sys_menu (
  id         serial PRIMARY KEY,
  parent_id  integer      NOT NULL DEFAULT 0,
  name       varchar(64)  NOT NULL,
  name_en    varchar(64)  NOT NULL DEFAULT '',
  type       smallint     NOT NULL,                       -- 0 directory, 1 menu, 2 button
  url        text         NOT NULL DEFAULT '',
  perms      varchar(128) NOT NULL DEFAULT '',            -- authorisation id, e.g. fall-project#save
  menu_code  varchar(64)  NOT NULL DEFAULT '',
  icon       varchar(64)  NOT NULL DEFAULT '',
  sort       integer      NOT NULL DEFAULT 0,
  status     smallint     NOT NULL DEFAULT 0,             -- 0 normal, 1 disabled (spec §3 menuStatus)
  created_at timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX sys_menu_parent_idx ON sys_menu(parent_id, sort);

CREATE TABLE sys_role_menu (
  role_id integer NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
  menu_id integer NOT NULL REFERENCES sys_menu(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

-- Sessions of signed-in users, wall displays (kiosk) and project visitors; the token is stored hashed.
CREATE TABLE sys_session (
  id             serial PRIMARY KEY,
  token_hash     char(64)     NOT NULL UNIQUE,
  kind           varchar(16)  NOT NULL DEFAULT 'user',     -- user | display | visitor
  user_id        integer      REFERENCES sys_user(id) ON DELETE CASCADE,
  project_id     integer,                                  -- visitor scope
  label          varchar(128) NOT NULL DEFAULT '',
  ip             varchar(64)  NOT NULL DEFAULT '',
  user_agent     text         NOT NULL DEFAULT '',
  login_at       timestamptz  NOT NULL DEFAULT now(),
  last_active_at timestamptz  NOT NULL DEFAULT now(),
  expires_at     timestamptz                               -- null: until revoked (display tokens)
);
CREATE INDEX sys_session_user_idx ON sys_session(user_id);

CREATE TABLE sys_captcha (
  uuid       varchar(64) PRIMARY KEY,
  code       varchar(8)  NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE sys_login_log (
  id         bigserial PRIMARY KEY,
  username   varchar(64)  NOT NULL,
  user_id    integer,
  ip         varchar(64)  NOT NULL DEFAULT '',
  user_agent text         NOT NULL DEFAULT '',
  success    boolean      NOT NULL,
  message    text         NOT NULL DEFAULT '',
  at         timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX sys_login_log_at_idx ON sys_login_log(at DESC);
CREATE INDEX sys_login_log_user_idx ON sys_login_log(username, at DESC);

CREATE TABLE sys_log (
  id          bigserial PRIMARY KEY,
  user_id     integer,
  username    varchar(64)  NOT NULL DEFAULT '',
  module      varchar(64)  NOT NULL DEFAULT '',
  action      varchar(64)  NOT NULL DEFAULT '',
  target      text         NOT NULL DEFAULT '',
  method      varchar(8)   NOT NULL DEFAULT '',
  path        text         NOT NULL DEFAULT '',
  ip          varchar(64)  NOT NULL DEFAULT '',
  duration_ms integer      NOT NULL DEFAULT 0,
  status_code integer      NOT NULL DEFAULT 0,
  success     boolean      NOT NULL DEFAULT true,
  params      jsonb,
  at          timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX sys_log_at_idx ON sys_log(at DESC);

CREATE TABLE sys_config (
  key        varchar(64) PRIMARY KEY,
  value      text        NOT NULL,
  type       varchar(16) NOT NULL DEFAULT 'string',        -- string | number | boolean | json
  remark     text        NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sys_dict_type (
  id      serial PRIMARY KEY,
  type    varchar(64) NOT NULL UNIQUE,
  name    varchar(64) NOT NULL,
  name_en varchar(64) NOT NULL DEFAULT '',
  remark  text        NOT NULL DEFAULT ''
);

CREATE TABLE sys_dictionary (
  id       serial PRIMARY KEY,
  type     varchar(64)  NOT NULL,
  label    varchar(128) NOT NULL,
  label_en varchar(128) NOT NULL DEFAULT '',
  value    varchar(64)  NOT NULL,
  color    varchar(16)  NOT NULL DEFAULT '',
  sort     integer      NOT NULL DEFAULT 0,
  status   smallint     NOT NULL DEFAULT 1,
  UNIQUE (type, value)
);

CREATE TABLE sys_content (
  id         serial PRIMARY KEY,
  title      varchar(200) NOT NULL,
  body       text         NOT NULL DEFAULT '',
  type       varchar(32)  NOT NULL DEFAULT 'notice',
  published  boolean      NOT NULL DEFAULT false,
  from_at    timestamptz,
  to_at      timestamptz,
  created_by integer,
  created_at timestamptz  NOT NULL DEFAULT now(),
  updated_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE sys_xmlx (
  id   serial PRIMARY KEY,
  pid  integer      NOT NULL DEFAULT 0,
  xmbm varchar(64)  NOT NULL UNIQUE,
  xmmc varchar(128) NOT NULL,
  sort integer      NOT NULL DEFAULT 0
);

-- Per-user screen preferences (column choice and order), so they follow the user between browsers.
CREATE TABLE sys_ui_pref (
  user_id    integer     NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  screen     varchar(96) NOT NULL,
  value      jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, screen)
);

CREATE TABLE job_schedule (
  id         serial PRIMARY KEY,
  name       varchar(64)  NOT NULL,
  handler    varchar(64)  NOT NULL,
  params     jsonb        NOT NULL DEFAULT '{}'::jsonb,
  cron       varchar(64)  NOT NULL,
  status     smallint     NOT NULL DEFAULT 0,             -- 0 running, 1 paused
  remark     text         NOT NULL DEFAULT '',
  created_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE job_schedule_log (
  id          bigserial PRIMARY KEY,
  job_id      integer      NOT NULL,
  handler     varchar(64)  NOT NULL,
  params      jsonb,
  success     boolean      NOT NULL,
  error       text         NOT NULL DEFAULT '',
  duration_ms integer      NOT NULL DEFAULT 0,
  at          timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX job_schedule_log_job_idx ON job_schedule_log(job_id, at DESC);

-- One row per job name: the instance holding the lease runs it (several instances, one runner).
CREATE TABLE job_lease (
  name   varchar(64) PRIMARY KEY,
  holder varchar(64) NOT NULL,
  until  timestamptz NOT NULL
);

CREATE TABLE oss_config (
  id         serial PRIMARY KEY,
  name       varchar(64) NOT NULL,
  provider   varchar(16) NOT NULL,                         -- local | s3
  config     jsonb       NOT NULL DEFAULT '{}'::jsonb,
  active     boolean     NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oss_file (
  id            serial PRIMARY KEY,
  original_name text         NOT NULL,
  content_type  varchar(128) NOT NULL,
  size          bigint       NOT NULL,
  storage_key   text         NOT NULL,
  thumb_key     text,
  provider      varchar(16)  NOT NULL DEFAULT 'local',
  owner_type    varchar(32)  NOT NULL DEFAULT '',          -- e.g. fall_project, fall_order
  owner_id      integer,
  created_by    integer,
  created_at    timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX oss_file_owner_idx ON oss_file(owner_type, owner_id);
