export * from './catalogue';
export * from './variants';
export * from './completion';
export * from './phone-numbers';
export * from './amount-rules';
