-- 0066_assignment.sql: orders assigned to a technician who is told (issue 39, docs/maintenance.md
-- "Assignment and notifications"). An order gets an assignee and a due time from its SLA; each change
-- of assignee is kept (fall_order_assignment); the assignee's in-app notifications, also sent by
-- e-mail (sys_notification), with one "due time nears" per order, user and due time (a unique index:
-- two instances sweeping at once write it once).
CREATE TABLE "fall_order_assignment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"by_user_id" integer,
	"from_name" varchar(64) DEFAULT '' NOT NULL,
	"to_name" varchar(64) DEFAULT '' NOT NULL,
	"by_name" varchar(64) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "sys_notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"order_id" integer NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mail_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_error" text DEFAULT '' NOT NULL
);
ALTER TABLE "fall_order" ADD COLUMN "assignee_id" integer;
ALTER TABLE "fall_order" ADD COLUMN "due_at" timestamp with time zone;
ALTER TABLE "fall_order_assignment" ADD CONSTRAINT "fall_order_assignment_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."fall_order"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "fall_order_assignment" ADD CONSTRAINT "fall_order_assignment_from_user_id_fkey" FOREIGN KEY ("from_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "fall_order_assignment" ADD CONSTRAINT "fall_order_assignment_to_user_id_fkey" FOREIGN KEY ("to_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "fall_order_assignment" ADD CONSTRAINT "fall_order_assignment_by_user_id_fkey" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "sys_notification" ADD CONSTRAINT "sys_notification_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "sys_notification" ADD CONSTRAINT "sys_notification_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."fall_order"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "fall_order_assignment_order_idx" ON "fall_order_assignment" USING btree ("order_id","at");
CREATE INDEX "sys_notification_user_idx" ON "sys_notification" USING btree ("user_id","created_at");
CREATE INDEX "sys_notification_mail_idx" ON "sys_notification" USING btree ("mail_next_at") WHERE mail_status = 'pending';
CREATE UNIQUE INDEX "sys_notification_due_once" ON "sys_notification" USING btree ("order_id","user_id","due_at") WHERE kind = 'due';
ALTER TABLE "fall_order" ADD CONSTRAINT "fall_order_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;
CREATE INDEX "fall_order_assignee_due_idx" ON "fall_order" USING btree ("assignee_id","due_at");
