CREATE TABLE "article_mesh" (
	"article_id" uuid NOT NULL,
	"descriptor_ui" text NOT NULL,
	"major" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_mesh_article_id_descriptor_ui_pk" PRIMARY KEY("article_id","descriptor_ui")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"journal" text,
	"published_at" date,
	"url" text,
	"publication_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mesh_descriptors" (
	"ui" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tree_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"scope_note" text DEFAULT '' NOT NULL,
	"entry_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_mesh" ADD CONSTRAINT "article_mesh_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_mesh" ADD CONSTRAINT "article_mesh_descriptor_ui_mesh_descriptors_ui_fk" FOREIGN KEY ("descriptor_ui") REFERENCES "public"."mesh_descriptors"("ui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_mesh_descriptor_idx" ON "article_mesh" USING btree ("descriptor_ui");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_source_external_id_idx" ON "articles" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "articles_search_vector_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "mesh_descriptors_tree_numbers_idx" ON "mesh_descriptors" USING gin ("tree_numbers");