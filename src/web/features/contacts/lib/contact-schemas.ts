// The contact form's schemas, loaded on first use.
export { ContactCreateSchema, ContactInputSchema } from "../../../../core/contacts";
