-- The simulated performer reacts to a guest's toy action in the messenger (issue 19, decision 0054):
-- a pending answer may now be of kind 'toy' besides 'text' and 'gift'.
ALTER TABLE "messenger_pending_replies" DROP CONSTRAINT "messenger_pending_replies_kind_check";--> statement-breakpoint
ALTER TABLE "messenger_pending_replies" ADD CONSTRAINT "messenger_pending_replies_kind_check" CHECK ("messenger_pending_replies"."kind" in ('text', 'gift', 'toy'));
