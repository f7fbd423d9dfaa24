// What other server features may use of import and export: the account's export files.
export { createExporter, type Exporter } from "./exporter";
