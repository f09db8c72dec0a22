import type { Kysely } from 'kysely';

/**
 * Sign-in with OpenID Connect ends without a token in any URL: the callback
 * leaves a one-time login code (hashed here, the code itself in an HttpOnly cookie) that the page
 * exchanges over POST. A state row may also name the signed-in account a provider is linked to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_logins')
    .addColumn('code_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('oidc_states').addColumn('link_user_id', 'varchar(36)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_states').dropColumn('link_user_id').execute();
  await db.schema.dropTable('oidc_logins').execute();
}
