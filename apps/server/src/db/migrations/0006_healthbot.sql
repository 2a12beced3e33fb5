CREATE TABLE "healthbot_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "healthbot_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"kind" text,
	"engine" text,
	"fell_back" boolean DEFAULT false NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_query" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "healthbot_conversations" ADD CONSTRAINT "healthbot_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healthbot_messages" ADD CONSTRAINT "healthbot_messages_conversation_id_healthbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."healthbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "healthbot_conversations_user_updated_idx" ON "healthbot_conversations" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "healthbot_messages_conversation_idx" ON "healthbot_messages" USING btree ("conversation_id","created_at","id");