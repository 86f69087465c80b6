// The contacts domain's public surface (the address book). Other domains use nothing else of the folder.
export { contactsModule } from './module.ts';
