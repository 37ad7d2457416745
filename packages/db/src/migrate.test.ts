import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { createEmptyTestDatabase, testBackend } from './testing.ts';

describe(`migrations (${testBackend})`, () => {
  it('the checked-in migrations create every table on an empty database and can be re-applied', async () => {
    const database = await createEmptyTestDatabase();
    try {
      expect(database.kind).toBe(testBackend);
      await migrateDatabase(database);
      await migrateDatabase(database);
      const rows = await queryRows<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      expect(rows.map((r) => r.table_name)).toEqual([
        'actor_categories',
        'actor_chat_rates',
        'actor_heat_maps',
        'actor_interviews',
        'actor_notes',
        'actor_search_filters',
        'actor_tags',
        'actors',
        'album_comments',
        'album_ratings',
        'album_views',
        'albums',
        'avs_requests',
        'blog_posts',
        'bonus_codes',
        'bonus_redemptions',
        'cam_shows',
        'categories',
        'chat_ratings',
        'chat_tickets',
        'clash_performers',
        'clash_votes',
        'clashes',
        'contests',
        'conversion_chat_actors',
        'conversion_chat_countdowns',
        'counters',
        'favorite_actors',
        'favorite_albums',
        'favorite_pictures',
        'favorite_sedcards',
        'free_shows',
        'gift_grants',
        'gifts',
        'guest_gifts',
        'guest_sessions',
        'guests',
        'ledger_accounts',
        'ledger_entries',
        'ledger_transfers',
        'legal_texts',
        'live_free_chat_uses',
        'live_messages',
        'live_minutes',
        'live_preview_declines',
        'live_preview_units',
        'live_sessions',
        'live_tips',
        'login_transfers',
        'mail_outbox',
        'media_images',
        'mediathek_archive',
        'mediathek_playlist_items',
        'mediathek_playlists',
        'messenger_actor_settings',
        'messenger_channels',
        'messenger_media',
        'messenger_messages',
        'messenger_pending_replies',
        'notifications',
        'password_resets',
        'payment_callbacks',
        'payment_charges',
        'payment_methods',
        'picture_ratings',
        'pictures',
        'pincall_verifications',
        'purchases',
        'rate_limit_counters',
        'search_patterns',
        'search_stats',
        'sedcard_ratings',
        'seo_texts',
        'subscription_periods',
        'subscriptions',
        'tags',
        'tile_grid_settings',
        'toy_actions',
        'toys',
        'tracking_events',
        'tv_episodes',
        'tv_series',
        'verified_phones',
        'video_ratings',
        'video_sales_daily',
        'video_tags',
        'video_trending',
        'videos',
        'voice_calls',
        'voucher_uses',
        'vouchers',
        'wallet_settings',
        'watch_starts',
        'web_push_subscriptions',
      ]);
      // Constraints live in the database, not only in code: an invalid gender is refused.
      await expect(
        database.db.execute(
          sql`insert into actors (name, name_lower, gender, actor_type, birth_date, about_me, price_video_cents, price_single_cents, price_singlec2c_cents, price_voyeur_cents, price_message_cents, multi_chat_price_cents, avatar_key, registered_at) values ('X', 'x', 'Q', 'F', '2000-01-01', '{}', 1, 1, 1, 1, 1, 1, 'a', now())`,
        ),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
