-- Every request checks its session's grants (roles and permission codes). Each instance keeps the
-- grants it has read in memory, stamped with this version; any statement that changes who holds what
-- (user roles, roles, role menus, menus and their perms or status) moves the version on in the same
-- transaction, so the next request on every instance reads the grants again (the wall's ten
-- calls each paid for the grants query).
CREATE TABLE sys_grants_version (
  id      smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint   NOT NULL DEFAULT 0
);
INSERT INTO sys_grants_version (id, version) VALUES (1, 0);

CREATE FUNCTION sys_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sys_grants_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER sys_user_role_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_user_role
  FOR EACH STATEMENT EXECUTE FUNCTION sys_grants_changed();
CREATE TRIGGER sys_role_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role
  FOR EACH STATEMENT EXECUTE FUNCTION sys_grants_changed();
CREATE TRIGGER sys_role_menu_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_menu
  FOR EACH STATEMENT EXECUTE FUNCTION sys_grants_changed();
CREATE TRIGGER sys_menu_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_menu
  FOR EACH STATEMENT EXECUTE FUNCTION sys_grants_changed();
