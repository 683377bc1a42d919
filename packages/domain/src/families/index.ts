export * from './family.ts';
export * from './rules.ts';
export * from './registry.ts';
export * from './decide.ts';
export * from './lite.ts';
export * from './count.ts';
export * from './repack.ts';
export * from './stock-take.ts';
