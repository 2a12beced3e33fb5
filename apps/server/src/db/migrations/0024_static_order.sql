-- A descriptor's words (name and entry terms) as the articles tagged with it carry them in their search
-- document (weight B, search-repository.ts): which descriptors hold a query's word. Immutable (to_tsvector
-- with an explicit configuration; array_to_string of text is), so it can back an index.
CREATE OR REPLACE FUNCTION mesh_descriptor_words(name text, entry_terms text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('english'::regconfig, name || ' ' || array_to_string(entry_terms, ' '))
$$;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "rank_group" smallint GENERATED ALWAYS AS ((CASE WHEN source = ANY('{"medlineplus","curated"}'::text[]) THEN 3 ELSE 0 END
          + CASE WHEN publication_types && '{"Guideline","Practice Guideline","Consensus Development Conference"}'::text[] THEN 2
            WHEN publication_types && '{"Review","Systematic Review","Meta-Analysis"}'::text[] THEN 1 ELSE 0 END)::smallint) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_static_order_idx" ON "articles" USING btree ("rank_group","published_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mesh_descriptors_words_idx" ON "mesh_descriptors" USING gin (mesh_descriptor_words("name", "entry_terms"));