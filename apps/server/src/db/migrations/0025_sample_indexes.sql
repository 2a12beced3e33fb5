-- The sample levels leave search_keys for partial indexes of their own. Dropping the column drops the
-- three search indexes built on it; they are built again on the new column.
ALTER TABLE "articles" drop column "search_keys";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_keys" text[] GENERATED ALWAYS AS (ARRAY['source:' || source]) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_mesh_search_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_title_search_idx" ON "articles" USING gin ("title_vector","search_keys","publication_types");--> statement-breakpoint
CREATE INDEX "articles_search_sample0_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 0) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample0_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 255) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample1_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 1) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample1_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 254) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample2_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 2) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample2_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 252) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample3_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 3) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample3_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 248) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample4_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 4) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample4_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 240) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample5_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 5) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample5_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 224) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample6_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 6) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample6_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 192) = 0);--> statement-breakpoint
CREATE INDEX "articles_search_sample7_idx" ON "articles" USING gin ("search_vector","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) >> 7) = 0);--> statement-breakpoint
CREATE INDEX "articles_mesh_search_sample7_idx" ON "articles" USING gin ("mesh_uis","search_keys","publication_types") WHERE ((get_byte(uuid_send(id), 15) & 128) = 0);