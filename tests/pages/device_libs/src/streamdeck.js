// @elgato-stream-deck/webhid as a web page would use it: requestStreamDecks() opens what the user picked.
// Bundled unmodified by build.sh into ../streamdeck.bundle.js (window.streamdeck).
export { requestStreamDecks, getStreamDecks } from "@elgato-stream-deck/webhid";
