/** What other features use of sign-in: the signed-in person and their cached query. */
export { useUser, userKeys, type User } from './api/get-user';
