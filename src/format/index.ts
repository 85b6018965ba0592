export * from './storage';
export * from './cost';
export * from './dates';
export * from './badge';
