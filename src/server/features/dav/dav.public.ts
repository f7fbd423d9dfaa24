// What the rest of the server may use of phone sync: ending every device password of an
// account (signing out everywhere, a password change or reset).
export { revokeAllDevices } from "./device-passwords";
