import auth from './auth';
import common from './common';
import errors from './errors';
import native from './native';
import pages from './pages';
import search from './search';
import subscription from './subscription';
import user from './user';

/** Every English string, one module per area (each owns its top-level keys). */
export const en = { ...common, ...auth, ...errors, ...subscription, ...user, ...pages, ...search, ...native };
