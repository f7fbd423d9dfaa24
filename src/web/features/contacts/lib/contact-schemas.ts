// The contact form's schemas, loaded on first use (decision 192).
export { ContactCreateSchema, ContactInputSchema } from "../../../../core/contacts";
