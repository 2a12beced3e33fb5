-- Trigram similarity for typo tolerance ("did you mean") and search-box suggestions over MeSH terms.
-- Trusted since PostgreSQL 13, so a database owner without superuser can create it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- A descriptor's name and entry terms as the automatic term mapping compares them with query phrases:
-- lower case, punctuation runs as one space. Immutable, so it can back an index.
CREATE OR REPLACE FUNCTION mesh_normalized_terms(name text, entry_terms text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(DISTINCT btrim(regexp_replace(lower(t), '[^[:alnum:]''’-]+', ' ', 'g')))
  FROM unnest(array_prepend(name, entry_terms)) AS t
$$;
--> statement-breakpoint
-- Mapping looks descriptors up by any of their normalized terms (`&&` on this array) on every search.
CREATE INDEX IF NOT EXISTS mesh_descriptors_normalized_terms_idx ON mesh_descriptors USING gin (mesh_normalized_terms(name, entry_terms));
