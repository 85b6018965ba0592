// Every table, one module per area. Later areas add their module here.
export * from './users';
export * from './sessions';
export * from './messages';
export * from './coupons';
export * from './admin';
export * from './billing';
export * from './posts';
export * from './jobs';
export * from './accountEvents';
export * from './usage';
export * from './audit';
export * from './userTotals';
