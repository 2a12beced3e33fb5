DROP INDEX "articles_search_vector_idx";--> statement-breakpoint
DROP INDEX "articles_mesh_uis_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_keys" text[] GENERATED ALWAYS AS (ARRAY['level:' || width_bucket(get_byte(uuid_send(id), 15), ARRAY[1, 2, 4, 8, 16, 32, 64, 128])::text, 'source:' || source]) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_mesh_search_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types");