// esptool-js as a web page would use it: the package's own ESPLoader and Transport on a port the page chose.
// Bundled unmodified by build.sh into ../esptool.bundle.js (window.esptool).
import { ESPLoader, Transport } from "esptool-js";

export { ESPLoader, Transport };
