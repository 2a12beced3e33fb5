/** What other features use of the account area: blocking and unblocking a person. */
export { blockedUserKeys } from './api/get-blocked-users';
export { blockUser, unblockUser } from './api/unblock-user';
