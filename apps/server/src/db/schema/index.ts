export * from './auth';
export * from './billing';
export * from './blocks';
export * from './devices';
export * from './insights';
export * from './notifications';
export * from './system';
export * from './users';
