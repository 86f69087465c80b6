/** How the back-office names a person: "DUPONT Jeanne" (spec §9), as the users and signers lists do. */
export function contactDisplayName(contact: { firstname: string; lastname: string }): string {
  return `${contact.lastname.toUpperCase()} ${contact.firstname}`.trim();
}
