// Owns the one place pages import formatting from: money, dates, deadlines, file sizes.
export * from './bytes';
export * from './count';
export * from './date';
export * from './labels';
export * from './locale';
export * from './money';
