ALTER TABLE "articles" ADD COLUMN "mesh_uis" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "major_mesh_uis" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_mesh_uis_idx" ON "articles" USING gin ("mesh_uis");--> statement-breakpoint
-- Backfill from the links; afterwards refreshSearchVectors keeps the copies in step.
UPDATE articles a SET mesh_uis = l.uis, major_mesh_uis = l.major_uis
FROM (
  SELECT article_id, array_agg(descriptor_ui ORDER BY position, descriptor_ui) AS uis,
    coalesce(array_agg(descriptor_ui ORDER BY position, descriptor_ui) FILTER (WHERE major), '{}') AS major_uis
  FROM article_mesh GROUP BY article_id
) l
WHERE l.article_id = a.id;
