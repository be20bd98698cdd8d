// The project's own lint rules: the architecture lint keeps (docs/decisions/029-floors-and-method-descriptors.md).
import noImportCycle from './no-import-cycle.mjs';
import serverFloors from './server-floors.mjs';

const architecture = { rules: { 'server-floors': serverFloors, 'no-import-cycle': noImportCycle } };
export default architecture;
