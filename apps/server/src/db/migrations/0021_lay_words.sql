CREATE TABLE "mesh_word_uses" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL,
	"lay" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "mesh_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "mesh_words" ADD COLUMN "lay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mesh_word_uses_trgm_idx" ON "mesh_word_uses" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mesh_lay_terms_words_idx" ON "mesh_lay_terms" USING gin ((string_to_array("normalized", ' ') || string_to_array(lower("descriptor_name"), ' ')));--> statement-breakpoint
-- Backfill: a word of a lay term, or of the name of a descriptor the lay vocabulary has terms for (vocabulary-repository.ts, wordIsLay).
UPDATE "mesh_words" v SET "lay" = true
WHERE EXISTS (
  SELECT 1 FROM "mesh_terms" m
  WHERE m."descriptor_ui" = v."descriptor_ui" AND v."word" = ANY(string_to_array(m."normalized", ' '))
    AND (m."lay_kind" IS NOT NULL OR (m."preferred" AND EXISTS (SELECT 1 FROM "mesh_lay_terms" l WHERE l."descriptor_ui" = m."descriptor_ui"))));--> statement-breakpoint
INSERT INTO "mesh_word_uses" ("word", "uses", "lay")
SELECT "word", count(*), bool_or("lay") FROM "mesh_words" GROUP BY "word";
