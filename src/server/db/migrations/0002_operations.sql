-- Installation operations (docs/domain.md §3): projects, equipment, orders, reports, boards, warnings.
CREATE TABLE fall_project (
  id                serial PRIMARY KEY,
  name              varchar(128) NOT NULL,
  name_cn           varchar(128) NOT NULL DEFAULT '',
  name_en           varchar(128) NOT NULL DEFAULT '',
  area              varchar(64)  NOT NULL DEFAULT '',
  country           varchar(64)  NOT NULL DEFAULT '',
  city              varchar(64)  NOT NULL DEFAULT '',
  control_mode      varchar(32)  NOT NULL DEFAULT '',
  longitude         double precision,
  latitude          double precision,
  total_area        double precision NOT NULL DEFAULT 0,
  power_consumption double precision NOT NULL DEFAULT 0,
  run_time          double precision NOT NULL DEFAULT 0,
  status            varchar(1)   NOT NULL DEFAULT 'D',
  is_rdm            boolean      NOT NULL DEFAULT false,
  daily_show_time   varchar(32)  NOT NULL DEFAULT '',
  unique_key        varchar(64)  NOT NULL UNIQUE,
  is_public         boolean      NOT NULL DEFAULT false,
  map_background    integer,                               -- oss_file id of the site plan
  camera_app_key    varchar(128) NOT NULL DEFAULT '',
  camera_app_secret text         NOT NULL DEFAULT '',      -- write-only: never leaves the server
  project_type      varchar(64)  NOT NULL DEFAULT '',      -- sys_xmlx.xmbm
  water_type        varchar(32)  NOT NULL DEFAULT 'fountain',
  auto_order        boolean      NOT NULL DEFAULT false,   -- a faulty channel opens an order
  created_at        timestamptz  NOT NULL DEFAULT now(),
  updated_at        timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_project_status_idx ON fall_project(status);
CREATE INDEX fall_project_area_idx ON fall_project(area);
CREATE INDEX fall_project_water_idx ON fall_project(water_type);

CREATE TABLE fall_project_intro (
  id         serial PRIMARY KEY,
  project_id integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  type       varchar(32)  NOT NULL DEFAULT 'overview',
  title      varchar(200) NOT NULL,
  content    text         NOT NULL DEFAULT '',
  language   varchar(4)   NOT NULL DEFAULT 'cn',
  sort       integer      NOT NULL DEFAULT 0
);
CREATE INDEX fall_project_intro_project_idx ON fall_project_intro(project_id);

-- Passwords an administrator issues so visitors can see more of a public project (docs/domain.md §6).
CREATE TABLE fall_project_password (
  id            serial PRIMARY KEY,
  project_id    integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  label         varchar(128) NOT NULL DEFAULT '',
  password_hash text         NOT NULL,
  expires_at    timestamptz,
  revoked_at    timestamptz,
  created_by    integer,
  created_at    timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE fall_device (
  id          serial PRIMARY KEY,
  name        varchar(128) NOT NULL,
  category    varchar(32)  NOT NULL DEFAULT 'other',
  maker       varchar(128) NOT NULL DEFAULT '',
  model       varchar(128) NOT NULL DEFAULT '',
  handbook    integer,                                     -- oss_file id
  remark      text         NOT NULL DEFAULT '',
  created_at  timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE fall_eq_info (
  id          serial PRIMARY KEY,
  name        varchar(128) NOT NULL,
  serial      varchar(128) NOT NULL DEFAULT '',
  handbook    integer,
  state       varchar(16)  NOT NULL DEFAULT 'normal',
  state_since timestamptz  NOT NULL DEFAULT now(),
  project_id  integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  device_id   integer      REFERENCES fall_device(id) ON DELETE SET NULL,
  pos_x       double precision,                            -- position on the site plan
  pos_y       double precision,
  created_at  timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_eq_info_project_idx ON fall_eq_info(project_id);
CREATE INDEX fall_eq_info_device_idx ON fall_eq_info(device_id, state);
CREATE INDEX fall_eq_info_broken_idx ON fall_eq_info(state_since) WHERE state = 'broken';

CREATE TABLE fall_order (
  id            serial PRIMARY KEY,
  number        varchar(32)  NOT NULL UNIQUE,              -- WO-YYYYMMDD-NNNN
  name          varchar(200) NOT NULL,
  description   text         NOT NULL DEFAULT '',
  submitter     varchar(64)  NOT NULL DEFAULT '',
  contact       varchar(64)  NOT NULL DEFAULT '',
  submitted_at  timestamptz  NOT NULL DEFAULT now(),
  files         jsonb        NOT NULL DEFAULT '[]'::jsonb, -- oss_file ids
  project_id    integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  equipment_id  integer      REFERENCES fall_eq_info(id) ON DELETE SET NULL,
  priority      varchar(16)  NOT NULL DEFAULT 'normal',
  source        varchar(16)  NOT NULL DEFAULT 'manual',    -- manual | warning
  status        varchar(16)  NOT NULL DEFAULT 'submitted',
  accepted_at   timestamptz,
  completed_at  timestamptz,
  closed_at     timestamptz,
  report_count  integer      NOT NULL DEFAULT 0,
  warning_id    integer,
  created_by    integer,
  updated_at    timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_order_submitted_idx ON fall_order(submitted_at DESC, id DESC);
CREATE INDEX fall_order_project_idx ON fall_order(project_id, submitted_at DESC);
CREATE INDEX fall_order_status_idx ON fall_order(status, submitted_at DESC);
CREATE INDEX fall_order_equipment_idx ON fall_order(equipment_id, submitted_at);

CREATE TABLE fall_report (
  id             serial PRIMARY KEY,
  order_id       integer      NOT NULL REFERENCES fall_order(id) ON DELETE CASCADE,
  repairer       varchar(64)  NOT NULL,
  repair_at      timestamptz  NOT NULL,
  duration_hours double precision NOT NULL DEFAULT 0,
  completed_at   timestamptz,
  result         varchar(16)  NOT NULL,                    -- fixed | not_fixed
  notes          text         NOT NULL DEFAULT '',
  files          jsonb        NOT NULL DEFAULT '[]'::jsonb,
  created_at     timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_report_order_idx ON fall_report(order_id);

CREATE TABLE fall_train (
  id         serial PRIMARY KEY,
  name       varchar(200) NOT NULL,
  content    text         NOT NULL DEFAULT '',
  train_at   timestamptz,
  device_id  integer      REFERENCES fall_device(id) ON DELETE SET NULL,
  project_id integer      REFERENCES fall_project(id) ON DELETE CASCADE,
  files      jsonb        NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE fall_draw (
  id          serial PRIMARY KEY,
  name        varchar(200) NOT NULL,
  description text         NOT NULL DEFAULT '',
  picture     integer,                                     -- oss_file id (image)
  file        integer,                                     -- oss_file id (PDF/CAD)
  project_id  integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  sort        integer      NOT NULL DEFAULT 0,
  created_at  timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_draw_project_idx ON fall_draw(project_id, sort, id);

CREATE TABLE fall_monitor (
  id         serial PRIMARY KEY,
  name       varchar(128) NOT NULL,
  serial     varchar(128) NOT NULL,
  remark     text         NOT NULL DEFAULT '',
  project_id integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  channel    integer      NOT NULL DEFAULT 1,
  stream_url text         NOT NULL DEFAULT '',
  created_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE fall_detect (
  id           serial PRIMARY KEY,
  project_id   integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  slave        integer      NOT NULL DEFAULT 1,            -- Modbus unit id 1–247
  ip           varchar(64)  NOT NULL DEFAULT '',
  port         integer      NOT NULL DEFAULT 502,
  board_name   varchar(128) NOT NULL,
  board_no     varchar(64)  NOT NULL DEFAULT '',
  pos_x        double precision,
  pos_y        double precision,
  poll_seconds integer      NOT NULL DEFAULT 10,
  board_key_hash text       NOT NULL DEFAULT '',           -- per-board report key, hashed
  last_seen    timestamptz,
  online       boolean      NOT NULL DEFAULT false,
  created_at   timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX fall_detect_project_idx ON fall_detect(project_id);

CREATE TABLE fall_detect_channel (
  id            serial PRIMARY KEY,
  detect_id     integer      NOT NULL REFERENCES fall_detect(id) ON DELETE CASCADE,
  ch            smallint     NOT NULL,                      -- 1..9
  label         varchar(64)  NOT NULL DEFAULT '',
  equipment_id  integer      REFERENCES fall_eq_info(id) ON DELETE SET NULL,
  switch_value  smallint     NOT NULL DEFAULT 0,
  analog_value  double precision NOT NULL DEFAULT 0,
  analog_min    double precision NOT NULL DEFAULT 0,
  analog_max    double precision NOT NULL DEFAULT 100,
  result        varchar(8)   NOT NULL DEFAULT 'normal',     -- normal | fault
  normal_streak integer      NOT NULL DEFAULT 0,
  updated_at    timestamptz  NOT NULL DEFAULT now(),
  UNIQUE (detect_id, ch)
);

CREATE TABLE fall_warning (
  id           serial PRIMARY KEY,
  at           timestamptz  NOT NULL DEFAULT now(),
  info         text         NOT NULL,
  kind         varchar(16)  NOT NULL DEFAULT 'channel',    -- channel | offline | sensor
  level        varchar(16)  NOT NULL DEFAULT 'warning',    -- info | warning | critical
  project_id   integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  detect_id    integer      REFERENCES fall_detect(id) ON DELETE SET NULL,
  channel      smallint,
  equipment_id integer      REFERENCES fall_eq_info(id) ON DELETE SET NULL,
  deal_at      timestamptz,
  result       varchar(16),                                -- null while open; fixed | not_fixed
  note         text         NOT NULL DEFAULT '',
  dealt_by     varchar(64)  NOT NULL DEFAULT '',
  order_id     integer
);
CREATE INDEX fall_warning_at_idx ON fall_warning(at DESC);
CREATE INDEX fall_warning_project_idx ON fall_warning(project_id, at DESC);
-- At most one open warning per board channel (and one open offline warning per board).
CREATE UNIQUE INDEX fall_warning_open_uq ON fall_warning(detect_id, kind, COALESCE(channel, 0)) WHERE result IS NULL;

CREATE TABLE fall_others (
  id         serial PRIMARY KEY,
  name       varchar(128) NOT NULL,
  kind       varchar(32)  NOT NULL DEFAULT 'water_level',  -- water_level | pressure | flow | temperature | wind
  unit       varchar(16)  NOT NULL DEFAULT '',
  value      double precision NOT NULL DEFAULT 0,
  min_value  double precision,
  max_value  double precision,
  project_id integer      NOT NULL REFERENCES fall_project(id) ON DELETE CASCADE,
  updated_at timestamptz  NOT NULL DEFAULT now()
);

-- Application: customer accounts, bills and every state change of a bill.
CREATE TABLE app_user (
  id         serial PRIMARY KEY,
  name       varchar(64)  NOT NULL,
  sex        varchar(1)   NOT NULL DEFAULT '2',
  phone      varchar(32)  NOT NULL DEFAULT '',
  id_card    varchar(32)  NOT NULL DEFAULT '',
  email      varchar(254) NOT NULL DEFAULT '',
  status     smallint     NOT NULL DEFAULT 1,
  created_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE app_bill (
  id          serial PRIMARY KEY,
  number      varchar(32)  NOT NULL UNIQUE,
  user_id     integer      NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  card_number varchar(32)  NOT NULL DEFAULT '',
  amount      numeric(14,2) NOT NULL DEFAULT 0,
  bill_type   varchar(4)   NOT NULL DEFAULT '1',
  bill_rate   varchar(4)   NOT NULL DEFAULT '0',
  bill_state  varchar(4)   NOT NULL DEFAULT '0',
  at          timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE app_bill_record (
  id         serial PRIMARY KEY,
  bill_id    integer      NOT NULL REFERENCES app_bill(id) ON DELETE CASCADE,
  from_state varchar(4),
  to_state   varchar(4)   NOT NULL,
  by_user    varchar(64)  NOT NULL DEFAULT '',
  reason     text         NOT NULL DEFAULT '',
  at         timestamptz  NOT NULL DEFAULT now()
);

-- Cards and scenes of the wall.
CREATE TABLE ship_card (
  id         serial PRIMARY KEY,
  name       varchar(128) NOT NULL,
  type       varchar(32)  NOT NULL,                        -- map | repair-speed | repair-quality | group-area | ...
  config     jsonb        NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz  NOT NULL DEFAULT now()
);

CREATE TABLE ship_scene (
  id         serial PRIMARY KEY,
  name       varchar(128) NOT NULL,
  project_id integer      REFERENCES fall_project(id) ON DELETE CASCADE,
  is_public  boolean      NOT NULL DEFAULT false,
  is_default boolean      NOT NULL DEFAULT false,
  layout     jsonb        NOT NULL DEFAULT '[]'::jsonb,    -- [{i: cardId, x, y, w, h}]
  created_at timestamptz  NOT NULL DEFAULT now(),
  updated_at timestamptz  NOT NULL DEFAULT now()
);
