CREATE TABLE "mesh_terms" (
	"normalized" text NOT NULL,
	"descriptor_ui" text NOT NULL,
	"term" text NOT NULL,
	"preferred" boolean NOT NULL,
	"inverted" boolean NOT NULL,
	CONSTRAINT "mesh_terms_normalized_descriptor_ui_pk" PRIMARY KEY("normalized","descriptor_ui")
);
--> statement-breakpoint
CREATE TABLE "mesh_tree_numbers" (
	"tree_number" text NOT NULL,
	"descriptor_ui" text NOT NULL,
	CONSTRAINT "mesh_tree_numbers_tree_number_descriptor_ui_pk" PRIMARY KEY("tree_number","descriptor_ui")
);
--> statement-breakpoint
CREATE TABLE "mesh_words" (
	"word" text NOT NULL,
	"descriptor_ui" text NOT NULL,
	CONSTRAINT "mesh_words_word_descriptor_ui_pk" PRIMARY KEY("word","descriptor_ui")
);
--> statement-breakpoint
ALTER TABLE "mesh_terms" ADD CONSTRAINT "mesh_terms_descriptor_ui_mesh_descriptors_ui_fk" FOREIGN KEY ("descriptor_ui") REFERENCES "public"."mesh_descriptors"("ui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesh_tree_numbers" ADD CONSTRAINT "mesh_tree_numbers_descriptor_ui_mesh_descriptors_ui_fk" FOREIGN KEY ("descriptor_ui") REFERENCES "public"."mesh_descriptors"("ui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesh_words" ADD CONSTRAINT "mesh_words_descriptor_ui_mesh_descriptors_ui_fk" FOREIGN KEY ("descriptor_ui") REFERENCES "public"."mesh_descriptors"("ui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mesh_terms_descriptor_idx" ON "mesh_terms" USING btree ("descriptor_ui");--> statement-breakpoint
CREATE INDEX "mesh_terms_prefix_idx" ON "mesh_terms" USING btree ("normalized" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mesh_terms_trgm_idx" ON "mesh_terms" USING gin ("normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mesh_tree_numbers_descriptor_idx" ON "mesh_tree_numbers" USING btree ("descriptor_ui");--> statement-breakpoint
CREATE INDEX "mesh_tree_numbers_prefix_idx" ON "mesh_tree_numbers" USING btree ("tree_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mesh_words_descriptor_idx" ON "mesh_words" USING btree ("descriptor_ui");--> statement-breakpoint
CREATE INDEX "mesh_words_trgm_idx" ON "mesh_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Backfill from the descriptors already loaded; afterwards articlesRepository.upsertDescriptors keeps
-- these rows in step (search-repository.ts refreshVocabulary runs the same three statements per descriptor).
INSERT INTO mesh_terms (normalized, descriptor_ui, term, preferred, inverted)
SELECT DISTINCT ON (x.normalized, d.ui) x.normalized, d.ui, t.term, t.ord = 1, position(',' in t.term) > 0
FROM mesh_descriptors d
  CROSS JOIN LATERAL unnest(array_prepend(d.name, d.entry_terms)) WITH ORDINALITY AS t(term, ord)
  CROSS JOIN LATERAL (SELECT array_to_string(ARRAY(SELECT (regexp_matches(lower(t.term), '[[:alnum:]]+(?:[''’-][[:alnum:]]+)*', 'g'))[1]), ' ') AS normalized) x
WHERE x.normalized <> ''
ORDER BY x.normalized, d.ui, t.ord;
--> statement-breakpoint
INSERT INTO mesh_words (word, descriptor_ui)
SELECT DISTINCT w, m.descriptor_ui FROM mesh_terms m CROSS JOIN LATERAL regexp_split_to_table(m.normalized, '\s+') AS w
WHERE length(w) >= 3;
--> statement-breakpoint
INSERT INTO mesh_tree_numbers (tree_number, descriptor_ui)
SELECT DISTINCT tn, d.ui FROM mesh_descriptors d CROSS JOIN LATERAL unnest(d.tree_numbers) AS tn;
--> statement-breakpoint
-- Mapping now looks phrases up in mesh_terms; this index only slowed descriptor writes down.
DROP INDEX IF EXISTS mesh_descriptors_normalized_terms_idx;
