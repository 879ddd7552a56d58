export * from './currencies';
export * from './decimal';
