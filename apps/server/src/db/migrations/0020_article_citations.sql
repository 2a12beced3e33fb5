CREATE TABLE "article_citations" (
	"discussion_id" text NOT NULL,
	"comment_id" text,
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_citations" ADD CONSTRAINT "article_citations_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_citations" ADD CONSTRAINT "article_citations_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_citations" ADD CONSTRAINT "article_citations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_citations_comment_idx" ON "article_citations" USING btree ("comment_id","article_id") WHERE comment_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "article_citations_discussion_idx" ON "article_citations" USING btree ("discussion_id","article_id") WHERE comment_id IS NULL;--> statement-breakpoint
CREATE INDEX "article_citations_article_idx" ON "article_citations" USING btree ("article_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_plain_url_idx" ON "articles" USING btree ("url") WHERE source <> 'pubmed';