-- The sample levels leave search_keys for partial indexes of their own. Dropping the column drops the
-- three search indexes built on it; they are built again on the new column.
ALTER TABLE "articles" drop column "search_keys";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_keys" text[] GENERATED ALWAYS AS (ARRAY['source:' || source]) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_mesh_search_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_title_search_idx" ON "articles" USING gin ("title_vector","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_search_sample0_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 1;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample0_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 1;--> statement-breakpoint
CREATE INDEX "articles_search_sample1_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 2;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample1_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 2;--> statement-breakpoint
CREATE INDEX "articles_search_sample2_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 4;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample2_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 4;--> statement-breakpoint
CREATE INDEX "articles_search_sample3_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 8;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample3_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 8;--> statement-breakpoint
CREATE INDEX "articles_search_sample4_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 16;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample4_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 16;--> statement-breakpoint
CREATE INDEX "articles_search_sample5_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 32;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample5_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 32;--> statement-breakpoint
CREATE INDEX "articles_search_sample6_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 64;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample6_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 64;--> statement-breakpoint
CREATE INDEX "articles_search_sample7_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 128;--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample7_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE get_byte(uuid_send(id), 15) < 128;