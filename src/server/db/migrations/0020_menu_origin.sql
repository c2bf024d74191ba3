-- Menus and buttons come from the resource registry (src/shared/resources.ts) and are synced into
-- sys_menu on every start (db/seed/menu-sync.ts), so a new screen or button reaches an existing
-- installation. One row per registry node: what the registry last wrote into the menu row, field
-- by field, so a field still equal to it may be updated and a field an administrator changed is
-- kept. menu_id goes NULL when an administrator deletes the menu: it is not brought back.
CREATE TABLE sys_menu_origin (
  key       varchar(160) PRIMARY KEY,                              -- dir:fall, menu:fall-order, button:fall-order#save
  menu_id   integer REFERENCES sys_menu(id) ON DELETE SET NULL,
  origin    jsonb        NOT NULL,
  synced_at timestamptz  NOT NULL DEFAULT now()
);
