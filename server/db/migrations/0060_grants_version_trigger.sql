-- Every statement that writes grants raises the version of each account it touched, once, so a
-- session lookup sees a changed grant set on the very next call on every instance.
CREATE FUNCTION grants_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts SET grants_version = grants_version + 1
      WHERE id IN (SELECT account_id FROM grants_written);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE accounts SET grants_version = grants_version + 1
      WHERE id IN (SELECT account_id FROM grants_removed);
  ELSE
    UPDATE accounts SET grants_version = grants_version + 1
      WHERE id IN (SELECT account_id FROM grants_written UNION SELECT account_id FROM grants_removed);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER grants_version_on_insert AFTER INSERT ON grants
  REFERENCING NEW TABLE AS grants_written FOR EACH STATEMENT EXECUTE FUNCTION grants_version_raise();
--> statement-breakpoint
CREATE TRIGGER grants_version_on_update AFTER UPDATE ON grants
  REFERENCING OLD TABLE AS grants_removed NEW TABLE AS grants_written
  FOR EACH STATEMENT EXECUTE FUNCTION grants_version_raise();
--> statement-breakpoint
CREATE TRIGGER grants_version_on_delete AFTER DELETE ON grants
  REFERENCING OLD TABLE AS grants_removed FOR EACH STATEMENT EXECUTE FUNCTION grants_version_raise();
