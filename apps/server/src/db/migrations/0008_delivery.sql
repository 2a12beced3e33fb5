CREATE TABLE "mail_throttles" (
	"user_id" bigint NOT NULL,
	"thread_key" text NOT NULL,
	"last_sent_at" timestamp with time zone,
	"digest_due_at" timestamp with time zone,
	CONSTRAINT "mail_throttles_user_id_thread_key_pk" PRIMARY KEY("user_id","thread_key")
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"event_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"user_id" bigint NOT NULL,
	"thread_key" text,
	"status" text NOT NULL,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_event_id_channel_pk" PRIMARY KEY("event_id","channel")
);
--> statement-breakpoint
CREATE TABLE "web_push_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_throttles" ADD CONSTRAINT "mail_throttles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_push_subscriptions" ADD CONSTRAINT "web_push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_deliveries_folded_idx" ON "notification_deliveries" USING btree ("user_id","thread_key","created_at") WHERE status = 'folded';--> statement-breakpoint
CREATE UNIQUE INDEX "web_push_subscriptions_endpoint_unique" ON "web_push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "web_push_subscriptions_user_id_idx" ON "web_push_subscriptions" USING btree ("user_id");