import { UserPlus } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";

// The signed-in landing. The contacts feature replaces this empty state with the real list.
export function ContactsPage() {
  return (
    <section aria-labelledby="contacts-title" className="grid gap-6">
      <h1 id="contacts-title" className="text-3xl font-bold">
        Contacts
      </h1>
      <Card>
        <CardHeader className="items-center text-center">
          <UserPlus className="size-12 text-primary" aria-hidden />
          <h2 className="text-xl font-semibold">Your address book is empty</h2>
          <CardDescription>
            The people you add will show up here, with who is due for a hello.
          </CardDescription>
        </CardHeader>
        <CardContent />
      </Card>
    </section>
  );
}
