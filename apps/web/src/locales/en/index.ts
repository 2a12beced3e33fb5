import admin from './admin';
import auth from './auth';
import collections from './collections';
import common from './common';
import community from './community';
import discussions from './discussions';
import errors from './errors';
import healthbot from './healthbot';
import native from './native';
import notifications from './notifications';
import pages from './pages';
import search from './search';
import subscription from './subscription';
import topics from './topics';
import user from './user';

/** Every English string, one module per area (each owns its top-level keys). */
export const en = {
  ...common,
  ...auth,
  ...errors,
  ...subscription,
  ...user,
  ...pages,
  ...search,
  ...native,
  ...discussions,
  ...community,
  ...notifications,
  ...healthbot,
  ...collections,
  ...admin,
  ...topics,
};
