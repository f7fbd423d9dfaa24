export * from "./auth";
export * from "./account";
export * from "./billing";
export * from "./messaging";
export * from "./contacts";
export * from "./jobs";
export * from "./replies";
export * from "./idempotency";
