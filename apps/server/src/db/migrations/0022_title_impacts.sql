CREATE TABLE "search_impact_weights" (
	"signature" text PRIMARY KEY NOT NULL,
	"text" double precision NOT NULL,
	"title" double precision NOT NULL,
	"plain" double precision NOT NULL,
	"guideline" double precision NOT NULL,
	"review" double precision NOT NULL,
	"recency" double precision NOT NULL,
	"recency_half_life" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_title_terms" (
	"term" text NOT NULL,
	"article_id" uuid NOT NULL,
	"word_rank" real NOT NULL,
	"impact" real NOT NULL,
	CONSTRAINT "search_title_terms_article_id_term_pk" PRIMARY KEY("article_id","term")
);
--> statement-breakpoint
ALTER TABLE "search_title_terms" ADD CONSTRAINT "search_title_terms_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_title_terms_impact_idx" ON "search_title_terms" USING btree ("term","impact" DESC NULLS LAST,"article_id" DESC NULLS LAST);