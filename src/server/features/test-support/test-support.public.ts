// What the rest of the server may use of the test support: the clock offset a browser test set
// for the current request (undefined outside tests), which the shared clock reads.
export { readScopedClockOffset } from "./test-clock-scope";
