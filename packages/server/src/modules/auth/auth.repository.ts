import type { Selectable } from 'kysely';
import type { Database, UsersTable } from '../../database/schema';

export type UserRow = Selectable<UsersTable>;

export function createAuthRepository({ db }: { db: Database }) {
  return {
    async insertUser(row: UserRow): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },
    async findUserById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async findUserByOidcSubject(subject: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('oidc_subject', '=', subject)
        .executeTakeFirst();
    },
    async updateUser(
      id: string,
      changes: Partial<Omit<UserRow, 'id' | 'created_at'>>,
    ): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async insertSession(row: {
      id: string;
      user_id: string;
      family_id: string;
      created_at: number;
      expires_at: number;
    }) {
      await db
        .insertInto('sessions')
        .values({ ...row, revoked_at: null, replaced_by: null })
        .execute();
    },
    /** The session behind a token, if it is still live. */
    async findLiveSession(id: string, now: number) {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },
    /** The session row whatever its state (a refresh tells rotated from unknown). */
    async findSession(id: string) {
      return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * Ends a live session as replaced by `successorId`; false when it was no longer live (another
     * refresh rotated it first, or it was revoked).
     */
    async rotateSession(id: string, successorId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now, replaced_by: successorId })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    /** Ends every session descending from one sign-in (a rotated token was used again). */
    async revokeFamily(familyId: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Revokes one session; false when it was already revoked (a replayed refresh, say). */
    async revokeSession(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Ends every session of an account (a password reset: whoever held one is out). */
    async revokeAllSessions(userId: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeOtherSessions(userId: string, keepId: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '!=', keepId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
