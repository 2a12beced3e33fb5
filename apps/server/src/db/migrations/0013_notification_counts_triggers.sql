-- Keeps notification_counts (total, unread per person) in step with notifications, whatever writes them:
-- the notifier's fan-out, marking read, account deletion. Statement-level triggers with transition
-- tables: one counter update per person per statement, so "mark all read" over 30,000 rows is one update.
CREATE FUNCTION notification_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counts AS c (user_id, total, unread)
  SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM inserted_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + EXCLUDED.total, unread = c.unread + EXCLUDED.unread;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notification_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_counts AS c SET total = c.total - d.total, unread = c.unread - d.unread
  FROM (SELECT user_id, count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM deleted_rows GROUP BY user_id) AS d
  WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notification_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_counts AS c SET unread = c.unread + d.delta
  FROM (
    SELECT n.user_id, sum((n.read_at IS NULL)::int - (o.read_at IS NULL)::int) AS delta
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    GROUP BY n.user_id
  ) AS d
  WHERE c.user_id = d.user_id AND d.delta <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notification_counts_on_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER notification_counts_on_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER notification_counts_on_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_updated();
--> statement-breakpoint
INSERT INTO notification_counts (user_id, total, unread)
SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL) FROM notifications GROUP BY user_id;
