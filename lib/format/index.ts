// Owns the one place pages import formatting from: money, dates, deadlines.
export * from './date';
export * from './locale';
export * from './money';
