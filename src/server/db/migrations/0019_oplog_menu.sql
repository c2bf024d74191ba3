-- The operation log names the screen a change was made on (one language per screen): the
-- menu code of the route's permission ('sys-role' for sys-role#save), so a reader sees the menu's
-- name in their own language rather than the API path. Rows written before this keep '' and show
-- their path.
ALTER TABLE sys_log ADD COLUMN menu_code varchar(64) NOT NULL DEFAULT '';
