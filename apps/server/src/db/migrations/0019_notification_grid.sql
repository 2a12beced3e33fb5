DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_notifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","actor_id") WHERE read_at IS NULL AND in_app;--> statement-breakpoint
-- A row kept for delivery alone (in_app false) is neither listed nor counted: the counters leave it out.
CREATE OR REPLACE FUNCTION notification_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counts AS c (user_id, total, unread)
  SELECT user_id, count(*) FILTER (WHERE in_app), count(*) FILTER (WHERE read_at IS NULL AND in_app) FROM inserted_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + EXCLUDED.total, unread = c.unread + EXCLUDED.unread;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notification_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_counts AS c SET total = c.total - d.total, unread = c.unread - d.unread
  FROM (SELECT user_id, count(*) FILTER (WHERE in_app) AS total, count(*) FILTER (WHERE read_at IS NULL AND in_app) AS unread FROM deleted_rows GROUP BY user_id) AS d
  WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notification_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_counts AS c SET unread = c.unread + d.delta
  FROM (
    SELECT n.user_id, sum((n.read_at IS NULL AND n.in_app)::int - (o.read_at IS NULL AND o.in_app)::int) AS delta
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    GROUP BY n.user_id
  ) AS d
  WHERE c.user_id = d.user_id AND d.delta <> 0;
  RETURN NULL;
END $$;
