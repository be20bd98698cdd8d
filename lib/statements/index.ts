export * from './statement-fields';
export * from './csv-presets';
export * from './statement-mapping';
export * from './statement-template';
