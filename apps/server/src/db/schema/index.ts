export * from './auth';
export * from './billing';
export * from './devices';
export * from './insights';
export * from './system';
export * from './users';
