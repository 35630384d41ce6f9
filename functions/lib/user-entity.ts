import { padId } from './counters';
import { defineEntity } from './entity';

/**
 * Staff and user account (docs/data-model.md, "Accounts, roles, configuration").
 *
 * USER#<id> / USER                      the account (gsi1: USERS / <padded id>)
 *                                       tokenVersion: raised to end every token issued before (absent = 0)
 * USEREMAIL#<email> / USEREMAIL         uniqueness of the email, holds the id
 */
export interface UserItem {
  userID: number;
  fullName: string;
  email: string;
  passwordHash: string;
  isActive: boolean;
  roleIds: number[];
  createdOn: string;
  updatedOn?: string;
  /** Tokens carry the version they were issued at; raising it ends them all at once. Absent means 0. */
  tokenVersion?: number;
}

export const ALL_USERS_PK = 'USERS';

export const userEntity = defineEntity<UserItem>()({
  name: 'User',
  key: (id: number) => ({ pk: `USER#${id}`, sk: 'USER' }),
  idOf: (u) => u.userID,
  indexes: (u) => ({ gsi1pk: ALL_USERS_PK, gsi1sk: padId(u.userID) }),
  attributes: ['userID', 'fullName', 'email', 'passwordHash', 'isActive', 'roleIds', 'createdOn', 'updatedOn', 'tokenVersion'],
});

export const userKey = userEntity.key;
export const userEmailKey = (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'USEREMAIL' });
