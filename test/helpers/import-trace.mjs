// `node --import ./test/helpers/import-trace.mjs ...`: writes the URL of every module the
// process imports, one per line, to the file named by IMPORT_TRACE (see cli-usage.test.ts).
import { register } from "node:module";

register("./import-trace-hooks.mjs", import.meta.url);
