import type { PropName } from "./dav-xml";

/** A refusal with its HTTP status, and the precondition a client can read (RFC 4918 §16). */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly condition?: PropName,
  ) {
    super(message);
  }
}
