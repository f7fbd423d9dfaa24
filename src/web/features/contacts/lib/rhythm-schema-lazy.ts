// The rhythm schema, loaded on a rhythm form's first use (load-rhythm-schema.ts). A module of its
// own: importing core/rhythm-schema itself, which shares a chunk with the contact fields, would
// need rolldown's namespace helper and move rolldown's runtime into a file of its own.
export { RhythmSchema } from "../../../../core/rhythm-schema";
