// joy-con-webhid as a web page would use it: connectJoyCon() asks for a Joy-Con and opens it; the library itself
// opens every granted device on navigator.hid's connect event and at DOMContentLoaded (getDevices).
// Bundled unmodified by build.sh into ../joycon.bundle.js (window.joycon).
export { connectJoyCon, connectedJoyCons } from "joy-con-webhid";
