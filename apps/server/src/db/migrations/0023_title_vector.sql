DROP INDEX "articles_title_search_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, title)) STORED;--> statement-breakpoint
CREATE INDEX "articles_title_search_idx" ON "articles" USING gin ("title_vector","search_keys","publication_types");