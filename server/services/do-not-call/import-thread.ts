/** The import thread's task (ImportReader, import-reader.ts): an import's body read off the web process's event loop. */
import { readImport } from './import-rows';

export default readImport;
