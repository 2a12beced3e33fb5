CREATE TABLE "discussion_topics" (
	"discussion_id" text NOT NULL,
	"descriptor_ui" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discussion_topics_discussion_id_descriptor_ui_pk" PRIMARY KEY("discussion_id","descriptor_ui")
);
--> statement-breakpoint
CREATE TABLE "topic_follows" (
	"user_id" bigint NOT NULL,
	"descriptor_ui" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_follows_user_id_descriptor_ui_pk" PRIMARY KEY("user_id","descriptor_ui")
);
--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD CONSTRAINT "discussion_topics_descriptor_ui_mesh_descriptors_ui_fk" FOREIGN KEY ("descriptor_ui") REFERENCES "public"."mesh_descriptors"("ui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_follows" ADD CONSTRAINT "topic_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_follows" ADD CONSTRAINT "topic_follows_descriptor_ui_mesh_descriptors_ui_fk" FOREIGN KEY ("descriptor_ui") REFERENCES "public"."mesh_descriptors"("ui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_topics_descriptor_idx" ON "discussion_topics" USING btree ("descriptor_ui","discussion_id");--> statement-breakpoint
CREATE INDEX "topic_follows_descriptor_idx" ON "topic_follows" USING btree ("descriptor_ui","user_id");