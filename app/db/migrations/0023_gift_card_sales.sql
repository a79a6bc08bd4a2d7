ALTER TABLE "cart_items" ADD COLUMN "gift_card" jsonb;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "deliver_on" date;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_card" jsonb;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_item_idx" ON "gift_cards" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "gift_cards_delivery_idx" ON "gift_cards" USING btree ("deliver_on") WHERE "gift_cards"."sent_at" is null and "gift_cards"."order_item_id" is not null;